import { zodResolver } from '@hookform/resolvers/zod';
import type { LoginAnswer, LoginInput } from '@ludoterm/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The e-mail and password form of /login and /register: checked with the contract's schema,
 * sent, then either signed in or moved to the code step when the account asks for a code.
 */
export function useCredentialsForm(
  schema: z.ZodType<LoginInput, LoginInput>,
  send: (values: LoginInput) => Promise<LoginAnswer>,
  onSignedIn: () => void,
) {
  const [codeEmail, setCodeEmail] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '' },
  });
  const handleSubmit = form.handleSubmit(async (values) => {
    const answer = await send(values).catch(() => null);
    if (!answer) return;
    if (answer.requires_verification) setCodeEmail(values.email);
    else onSignedIn();
  });
  return { form, handleSubmit, codeEmail, leaveCodeStep: () => setCodeEmail(null) };
}
