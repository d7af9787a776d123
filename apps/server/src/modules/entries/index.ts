// The entries module's public face: the entry write path and the reads other modules need.
export { findEntryRowsByIds, listLiveEntryIds, type SortCursor } from './entries.repository.ts';
export { insertEntries } from './entry-writes.service.ts';
export { insertNewEntryRows } from './new-entry-rows.ts';
export {
  deriveEntry,
  type EntryActor,
  type NewEntry,
  type PreparedEntry,
  type WriteGlossary,
} from './prepared-entry.ts';
export { importedReviewState } from './review-state.ts';
export { KnownEntries } from './known-entries.ts';
