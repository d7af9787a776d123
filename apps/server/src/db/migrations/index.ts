import type { Migration } from 'kysely';
import * as createUsers from './2026-11-22-001-create-users.ts';
import * as createGlossaries from './2026-11-22-002-create-glossaries.ts';
import * as createJobLocks from './2026-11-22-003-create-job-locks.ts';
import * as createEntries from './2026-11-22-030-create-entries.ts';
import * as createEntrySearchIndex from './2026-11-22-031-create-entry-search-index.ts';
import * as entriesSearchLiveOnly from './2026-11-22-032-entries-search-live-only.ts';
import * as createSearchOrder from './2026-11-22-040-create-search-order.ts';
import * as createSearchFieldOrder from './2026-11-22-041-create-search-field-order.ts';
import * as searchOrderCovering from './2026-11-22-042-search-order-covering.ts';
import * as entryFieldsLean from './2026-11-22-043-entry-fields-lean.ts';
import * as ftsHashSize from './2026-11-22-044-fts-hash-size.ts';
import * as createTickets from './2026-11-22-060-create-tickets.ts';
import * as createLoginCodes from './2026-11-22-061-create-login-codes.ts';
import * as createPasswordResetTokens from './2026-11-22-062-create-password-reset-tokens.ts';
import * as ftsCrisisMergesOnly from './2026-11-25-063-fts-crisis-merges-only.ts';
import * as ftsCrisisMerge32 from './2026-11-25-064-fts-crisis-merge-32.ts';
import * as searchPending from './2026-11-25-065-search-pending.ts';
import * as searchFieldsPending from './2026-11-25-066-search-fields-pending.ts';
import * as searchWordStarts from './2026-11-26-067-search-word-starts.ts';
import * as searchWithoutPending from './2026-11-27-068-search-without-pending.ts';
import * as usersEmailVerified from './2026-11-27-069-users-email-verified.ts';
import * as refreshTokensRevokedFamily from './2026-11-27-070-refresh-tokens-revoked-family.ts';
import * as entriesEliminadoEn from './2026-11-27-080-entries-eliminado-en.ts';
import * as entriesWithoutBaseTermLast from './2026-11-27-081-entries-without-base-term-last.ts';
import * as createEmailConfirmationTokens from './2026-11-27-085-create-email-confirmation-tokens.ts';
import * as sharedInstanceState from './2026-11-27-086-shared-instance-state.ts';
import * as entriesReviewState from './2026-11-27-087-entries-review-state.ts';
import * as entriesExternalId from './2026-11-28-088-entries-external-id.ts';
import * as entryTerms from './2026-11-28-090-entry-terms.ts';
import * as searchFieldsTargetDefinition from './2026-11-28-091-search-fields-target-definition.ts';
import * as dropExternalIdIndex from './2026-11-28-092-drop-external-id-index.ts';
import * as glossariesImportandoEn from './2026-11-29-093-glossaries-importando-en.ts';

/**
 * Every migration, by sortable name. Listed here (not read from the folder) so the bundled
 * server carries them. Add new ones at the end; never edit one that has been merged.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-create-users': createUsers,
  '2026-11-22-002-create-glossaries': createGlossaries,
  '2026-11-22-003-create-job-locks': createJobLocks,
  '2026-11-22-030-create-entries': createEntries,
  '2026-11-22-031-create-entry-search-index': createEntrySearchIndex,
  '2026-11-22-032-entries-search-live-only': entriesSearchLiveOnly,
  '2026-11-22-040-create-search-order': createSearchOrder,
  '2026-11-22-041-create-search-field-order': createSearchFieldOrder,
  '2026-11-22-042-search-order-covering': searchOrderCovering,
  '2026-11-22-043-entry-fields-lean': entryFieldsLean,
  '2026-11-22-044-fts-hash-size': ftsHashSize,
  '2026-11-22-060-create-tickets': createTickets,
  '2026-11-22-061-create-login-codes': createLoginCodes,
  '2026-11-22-062-create-password-reset-tokens': createPasswordResetTokens,
  '2026-11-25-063-fts-crisis-merges-only': ftsCrisisMergesOnly,
  '2026-11-25-064-fts-crisis-merge-32': ftsCrisisMerge32,
  '2026-11-25-065-search-pending': searchPending,
  '2026-11-25-066-search-fields-pending': searchFieldsPending,
  '2026-11-26-067-search-word-starts': searchWordStarts,
  '2026-11-27-068-search-without-pending': searchWithoutPending,
  '2026-11-27-069-users-email-verified': usersEmailVerified,
  '2026-11-27-070-refresh-tokens-revoked-family': refreshTokensRevokedFamily,
  '2026-11-27-080-entries-eliminado-en': entriesEliminadoEn,
  '2026-11-27-081-entries-without-base-term-last': entriesWithoutBaseTermLast,
  '2026-11-27-085-create-email-confirmation-tokens': createEmailConfirmationTokens,
  '2026-11-27-086-shared-instance-state': sharedInstanceState,
  '2026-11-27-087-entries-review-state': entriesReviewState,
  '2026-11-28-088-entries-external-id': entriesExternalId,
  '2026-11-28-090-entry-terms': entryTerms,
  '2026-11-28-091-search-fields-target-definition': searchFieldsTargetDefinition,
  '2026-11-28-092-drop-external-id-index': dropExternalIdIndex,
  '2026-11-29-093-glossaries-importando-en': glossariesImportandoEn,
};
