import { notifications } from '@mantine/notifications';
import { StatusText } from './status-text.tsx';

export interface ToastOptions {
  /** A warning is something done, but not quite as asked: the user should read it. */
  tone: 'success' | 'warning' | 'error';
  text: string;
  /** Milliseconds on screen; false keeps it until closed. Mantine's default otherwise. */
  autoClose?: number | false;
}

const TONE_COLORS = { success: 'green', warning: 'yellow', error: 'red' } as const;

/**
 * A passing notice in the corner the provider gives toasts (where it covers no header
 * control). Errors are alerts; other notices are announced politely. Returns its id.
 */
export function showToast({ tone, text, autoClose }: ToastOptions): string {
  return notifications.show({
    color: TONE_COLORS[tone],
    role: tone === 'error' ? 'alert' : 'status',
    message: <StatusText text={text} />,
    autoClose,
    withCloseButton: true,
  });
}
