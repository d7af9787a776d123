import { REVIEW_STATES, type ReviewState } from '@ludoterm/contract';
import { AppError } from '../../errors.ts';

const APPROVAL_REFUSED =
  'Solo la persona propietaria del glosario y quienes lo revisan (rol revisor) pueden aprobar entradas.';

/**
 * The state an imported entry gets: the file's, except that an importer who may not approve
 * sends the file's approved entries to review; a value outside the list refuses the file.
 */
export function importedReviewState(
  fromFile: string | undefined,
  canApprove: boolean,
): ReviewState {
  if (fromFile === undefined) return 'borrador';
  if (!(REVIEW_STATES as readonly string[]).includes(fromFile)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `El estado de revisión «${fromFile}» no es válido: usa borrador, en_revision o aprobado.`,
    );
  }
  return fromFile === 'aprobado' && !canApprove ? 'en_revision' : (fromFile as ReviewState);
}

/**
 * An entry's review state after a write (`current` null for a new one). `requested` equal to the
 * current state is an echo, not a request; an editor's change sends an approved entry to review.
 */
export function nextReviewState(
  current: ReviewState | null,
  requested: ReviewState | undefined,
  canApprove: boolean,
): ReviewState {
  const asked = requested === current ? undefined : requested;
  if (asked === 'aprobado' && !canApprove) throw new AppError('FORBIDDEN', APPROVAL_REFUSED);
  if (asked) return asked;
  if (current === null) return 'borrador';
  return current === 'aprobado' && !canApprove ? 'en_revision' : current;
}
