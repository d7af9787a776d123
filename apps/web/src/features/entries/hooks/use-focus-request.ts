import { useCallback, useState } from 'react';
import type { EntryFocusTarget } from '../components/entry-card.tsx';

/** The card that should take the keyboard, and where in it. */
export interface FocusRequest {
  id: number;
  target: EntryFocusTarget;
}

/**
 * Where the keyboard goes once a form or dialog closes, so it never falls back to the top of
 * the page: the new entry, or the Editar button of the entry that was edited. The card clears
 * the request once it has taken the focus.
 */
export function useFocusRequest() {
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const requestFocus = useCallback(
    (id: number, target: EntryFocusTarget) => setFocusRequest({ id, target }),
    [],
  );
  const clearFocusRequest = useCallback(() => setFocusRequest(null), []);
  return { focusRequest, requestFocus, clearFocusRequest };
}
