import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from './form-error.tsx';

/** The failure of the last call, if any, right above the button that sends the form. */
export function FormSubmit({
  error,
  isSubmitting,
  children,
}: {
  error: unknown;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormError error={error} />
      <Button type="submit" loading={isSubmitting} fullWidth>
        {children}
      </Button>
    </>
  );
}
