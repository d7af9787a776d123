import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import classes from './status-text.module.css';

export type StatusTone = 'ok' | 'warning' | 'error';

// The spec's messages start with ✅, ⚠️ or ❌. A machine without an emoji font draws those
// as empty boxes, so the prefix becomes an SVG icon that needs no font.
const prefixes: ReadonlyArray<[prefix: string, tone: StatusTone]> = [
  ['✅', 'ok'],
  ['⚠️', 'warning'],
  ['⚠', 'warning'],
  ['❌', 'error'],
];

const icons = { ok: IconCircleCheck, warning: IconAlertTriangle, error: IconCircleX } as const;

/** A message's emoji prefix as a tone, and the text after it. */
export function splitStatusPrefix(message: string): { tone: StatusTone | null; text: string } {
  for (const [prefix, tone] of prefixes) {
    if (message.startsWith(prefix)) return { tone, text: message.slice(prefix.length).trimStart() };
  }
  return { tone: null, text: message };
}

/**
 * A status line: a leading ✅ / ⚠️ / ❌ is drawn as an icon (hidden from screen readers, which
 * hear the alert's role instead); any other text shows as it is.
 */
export function StatusText({ text }: { text: string }) {
  const { tone, text: rest } = splitStatusPrefix(text);
  if (!tone) return <>{text}</>;
  const Icon = icons[tone];
  return (
    <span className={classes.root}>
      <Icon className={classes.icon} data-tone={tone} size="1.15em" stroke={2} aria-hidden />
      <span>{rest}</span>
    </span>
  );
}
