import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';

const toggleLabel = { 'aria-label': 'Mostrar u ocultar la contraseña' };

/** Mantine's password input with its show/hide button named, as every password field here has it. */
export function PasswordField(props: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <PasswordInput visibilityToggleButtonProps={toggleLabel} {...props} />;
}
