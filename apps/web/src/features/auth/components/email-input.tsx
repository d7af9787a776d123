import { TextInput, type TextInputProps } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';
import type { Ref } from 'react';

/** The e-mail field of the sign-in, registration and password-recovery forms. */
export function EmailInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput type="email" label={es.login.email} autoComplete="email" required {...props} />;
}
