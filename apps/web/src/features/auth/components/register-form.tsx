import {
  Anchor,
  Button,
  Divider,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PASSWORD_MIN, registerInputSchema } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useRegister } from '../api/register.ts';
import { useCredentialsForm } from '../hooks/use-credentials-form.ts';
import { FormError } from './form-error.tsx';
import { VerificationCodeForm } from './verification-code-form.tsx';

export interface RegisterFormProps {
  onSignedIn: () => void;
  /** Where an identity-provider button goes (Google, when the installation offers it). */
  identitySlot?: ReactNode;
}

/** /register: e-mail and a password of at least 8 characters, then an automatic sign-in. */
export function RegisterForm({ onSignedIn, identitySlot }: RegisterFormProps) {
  const registration = useRegister();
  const { form, handleSubmit, codeEmail, leaveCodeStep } = useCredentialsForm(
    registerInputSchema,
    (values) => registration.mutateAsync(values),
    onSignedIn,
  );
  const { errors, isSubmitting } = form.formState;

  if (codeEmail) {
    return (
      <VerificationCodeForm
        email={codeEmail}
        onSignedIn={onSignedIn}
        onBack={() => leaveCodeStep()}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="titulo-registro">
      <Stack gap="md">
        <Title order={1} size="h2" id="titulo-registro">
          {es.register.title}
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
          description={es.register.passwordHelp}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          error={errors.password?.message}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
          {...form.register('password')}
        />
        <FormError error={registration.error} />
        <Button type="submit" loading={isSubmitting} fullWidth>
          {es.register.submit}
        </Button>
        {identitySlot && (
          <>
            <Divider label="o" labelPosition="center" />
            {identitySlot}
          </>
        )}
        <Text ta="center" size="sm">
          <Anchor component={Link} to={paths.login}>
            {es.register.haveAccount}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
