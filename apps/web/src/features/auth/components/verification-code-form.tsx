import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { verifyLoginInputSchema, type LoginAnswer, type VerifyLoginInput } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '@/lib/error-message.ts';
import { useVerifyLogin } from '../api/verify-login.ts';
import { FormSubmit } from './form-submit.tsx';

/** Seconds 'Reenviar código' waits after each request, so a double press sends one e-mail. */
export const RESEND_COOLDOWN_SECONDS = 30;

export interface VerificationCodeFormProps {
  email: string;
  onSignedIn: () => void;
  onBack: () => void;
  /** Signs in again with the same credentials, which e-mails a new code (`POST /auth/login`). */
  onResend: () => Promise<LoginAnswer>;
}

/** Second step of a sign-in when the account asks for a code (`POST /auth/verify-login`). */
export function VerificationCodeForm({
  email,
  onSignedIn,
  onBack,
  onResend,
}: VerificationCodeFormProps) {
  const verify = useVerifyLogin();
  const form = useForm<VerifyLoginInput>({
    resolver: zodResolver(verifyLoginInputSchema),
    defaultValues: { email, code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const resend = useResend(onResend, onSignedIn);

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
        <Stack gap={4}>
          <Button
            variant="light"
            onClick={() => void resend.send()}
            loading={resend.isSending}
            disabled={resend.secondsLeft > 0}
          >
            {es.login.codeResend}
          </Button>
          {resend.secondsLeft > 0 && (
            <Text size="sm" c="dimmed" ta="center">
              {format(es.login.codeResendWait, { n: resend.secondsLeft })}
            </Text>
          )}
        </Stack>
        {resend.outcome?.ok === true && (
          <Alert color="green" variant="light" role="status">
            {es.login.codeResent}
          </Alert>
        )}
        {resend.outcome?.ok === false && (
          <Alert color="red" variant="light" role="alert">
            {resend.outcome.message}
          </Alert>
        )}
        <Button variant="subtle" onClick={onBack}>
          {es.login.codeBack}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * 'Reenviar código': asks for a new code and says how it went, then waits a short cooldown
 * (after a refusal too: the server's own limit says how long in its message).
 */
function useResend(onResend: () => Promise<LoginAnswer>, onSignedIn: () => void) {
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; message: string } | null>(
    null,
  );
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    setIsSending(true);
    setOutcome(null);
    try {
      const answer = await onResend();
      // The account stopped asking for a code meanwhile: the sign-in is complete.
      if (!answer.requires_verification) return onSignedIn();
      setOutcome({ ok: true });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    } finally {
      setIsSending(false);
      setSecondsLeft(RESEND_COOLDOWN_SECONDS);
    }
  };

  return { send, isSending, outcome, secondsLeft };
}
