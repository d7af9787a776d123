// Shared by the card and its provenance, which both take text as users and files write it.

/** Trimmed text, or null when nothing is left (an empty string clears a field). */
export function cleanText(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  // PostgreSQL text cannot hold NUL; it never belongs in a card anyway.
  const text = (value.includes('\u0000') ? value.replaceAll('\u0000', '') : value).trim();
  return text === '' ? null : text;
}
