import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.ts';

// Midday UTC, so the day is the same in every time zone the tests may run in.
const iso = '2026-11-22T12:10:00.000Z';

describe('formatDate', () => {
  it('shows the day in Spanish', () => {
    expect(formatDate(iso)).toBe('22 nov 2026');
  });

  it('keeps the raw text when it is not a date', () => {
    expect(formatDate('mañana')).toBe('mañana');
  });
});

describe('formatDateTime', () => {
  it('shows the day and the time in Spanish', () => {
    expect(formatDateTime(iso)).toMatch(/^22 nov 2026, \d{2}:\d{2}$/);
  });

  it('keeps the raw text when it is not a date', () => {
    expect(formatDateTime('')).toBe('');
  });
});
