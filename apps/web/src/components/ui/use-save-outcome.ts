import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import type { SaveOutcome } from './save-outcome-alert.tsx';

/**
 * The outcome of the last save, for a SaveOutcomeAlert, and `save`, which clears it, runs the
 * save and records success or the failure's detail; `save` resolves to whether it saved.
 */
export function useSaveOutcome() {
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const save = useCallback(async (run: () => Promise<unknown>) => {
    setOutcome(null);
    try {
      await run();
      setOutcome({ ok: true });
      return true;
    } catch (error) {
      setOutcome({ ok: false, detail: errorMessage(error) });
      return false;
    }
  }, []);
  return { outcome, setOutcome, save };
}
