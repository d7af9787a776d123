import { Divider, Stack, Title, type PasswordInputProps } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginAnswer, LoginInput } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLogin } from '../api/login.ts';
import { EmailInput } from './email-input.tsx';
import { FormSubmit } from './form-submit.tsx';
import { PasswordField } from './password-field.tsx';
import { VerificationCodeForm } from './verification-code-form.tsx';

/** The call behind the form: a sign-in, or a registration followed by a sign-in. */
interface CredentialsMutation {
  mutateAsync: (values: LoginInput) => Promise<LoginAnswer>;
  error: unknown;
  reset: () => void;
}

export interface CredentialsFormProps {
  mutation: CredentialsMutation;
  schema: z.ZodType<LoginInput, LoginInput>;
  titleId: string;
  title: string;
  submitLabel: string;
  /** A sign-in asks for the current password, a registration for a new one. */
  passwordProps: Pick<PasswordInputProps, 'autoComplete' | 'description' | 'minLength'>;
  /** Shown under the password field. */
  afterPassword?: ReactNode;
  /** The last line: the way to the other form. */
  footer: ReactNode;
  onSignedIn: () => void;
  /** Where an identity-provider button goes (Google, when the installation offers it). */
  identitySlot?: ReactNode;
}

/** What the /login and /register pages hand their form. */
export type CredentialsPageFormProps = Pick<CredentialsFormProps, 'onSignedIn' | 'identitySlot'>;

/**
 * The e-mail and password form of /login and /register: checked with the contract's schema,
 * sent, then either signed in or moved to the code step when the account asks for a code.
 */
export function CredentialsForm({
  mutation,
  schema,
  titleId,
  title,
  submitLabel,
  passwordProps,
  afterPassword,
  footer,
  onSignedIn,
  identitySlot,
}: CredentialsFormProps) {
  // The credentials that led to the code step: 'Reenviar código' signs in with them again.
  const [codeFor, setCodeFor] = useState<LoginInput | null>(null);
  const resendLogin = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    const answer = await mutation.mutateAsync(values).catch(() => null);
    if (!answer) return;
    if (answer.requires_verification) setCodeFor(values);
    else onSignedIn();
  });

  if (codeFor) {
    return (
      <VerificationCodeForm
        email={codeFor.email}
        onSignedIn={onSignedIn}
        // A sign-in only, also after a registration: the account exists by now.
        onResend={() => resendLogin.mutateAsync(codeFor)}
        onBack={() => {
          mutation.reset();
          setCodeFor(null);
        }}
      />
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={1} size="h2" id={titleId}>
          {title}
        </Title>
        <EmailInput error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          label={es.login.password}
          required
          error={errors.password?.message}
          {...passwordProps}
          {...form.register('password')}
        />
        {afterPassword}
        <FormSubmit error={mutation.error} isSubmitting={isSubmitting}>
          {submitLabel}
        </FormSubmit>
        {identitySlot && (
          <>
            <Divider label="o" labelPosition="center" />
            {identitySlot}
          </>
        )}
        {footer}
      </Stack>
    </form>
  );
}
