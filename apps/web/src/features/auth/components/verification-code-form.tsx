import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { verifyLoginInputSchema, type VerifyLoginInput } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { useForm } from 'react-hook-form';
import { useVerifyLogin } from '../api/verify-login.ts';
import { FormSubmit } from './form-submit.tsx';

export interface VerificationCodeFormProps {
  email: string;
  onSignedIn: () => void;
  onBack: () => void;
}

/** Second step of a sign-in when the account asks for a code (`POST /auth/verify-login`). */
export function VerificationCodeForm({ email, onSignedIn, onBack }: VerificationCodeFormProps) {
  const verify = useVerifyLogin();
  const form = useForm<VerifyLoginInput>({
    resolver: zodResolver(verifyLoginInputSchema),
    defaultValues: { email, code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    await verify.mutateAsync(values).then(onSignedIn, () => undefined);
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="titulo-codigo">
      <Stack gap="md">
        <Title order={1} size="h2" id="titulo-codigo">
          {es.login.codeTitle}
        </Title>
        <Text>{es.login.codeHelp}</Text>
        <TextInput
          label={es.login.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          autoFocus
          error={errors.code?.message}
          {...form.register('code')}
        />
        <FormSubmit error={verify.error} isSubmitting={isSubmitting}>
          {es.login.codeSubmit}
        </FormSubmit>
        <Button variant="subtle" onClick={onBack}>
          {es.login.codeBack}
        </Button>
      </Stack>
    </form>
  );
}
