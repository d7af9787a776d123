import {
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { loginInputSchema } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useLogin } from '../api/login.ts';
import { useCredentialsForm } from '../hooks/use-credentials-form.ts';
import { FormError } from './form-error.tsx';
import { VerificationCodeForm } from './verification-code-form.tsx';

export interface LoginFormProps {
  onSignedIn: () => void;
  /** Where an identity-provider button goes (Google, when the installation offers it). */
  identitySlot?: ReactNode;
}

/** /login: e-mail and password, then the code step when the account asks for one. */
export function LoginForm({ onSignedIn, identitySlot }: LoginFormProps) {
  const login = useLogin();
  const { form, handleSubmit, codeEmail, leaveCodeStep } = useCredentialsForm(
    loginInputSchema,
    (values) => login.mutateAsync(values),
    onSignedIn,
  );
  const { errors, isSubmitting } = form.formState;

  if (codeEmail) {
    return (
      <VerificationCodeForm
        email={codeEmail}
        onSignedIn={onSignedIn}
        onBack={() => {
          login.reset();
          leaveCodeStep();
        }}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="titulo-login">
      <Stack gap="md">
        <Title order={1} size="h2" id="titulo-login">
          {es.login.title}
        </Title>
        <TextInput
          type="email"
          label={es.login.email}
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <PasswordInput
          label={es.login.password}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
          {...form.register('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            {es.login.forgot}
          </Anchor>
        </Group>
        <FormError error={login.error} />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {es.login.submit}
        </Button>
        {identitySlot && (
          <>
            <Divider label="o" labelPosition="center" />
            {identitySlot}
          </>
        )}
        <Text ta="center" size="sm">
          {es.login.noAccount}{' '}
          <Anchor component={Link} to={paths.register}>
            {es.login.register}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
