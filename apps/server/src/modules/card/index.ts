// The card module's public face: the DocuTerm card as every other module sees it.
export {
  canSeePrivateComments,
  deriveColumns,
  duplicateKeyOf,
  fichaToInput,
  languagesOf,
  normalizeEntryInput,
  toEntryView,
  toHistoryItem,
  type DerivedColumns,
  type EntryViewRow,
  type EntryViewer,
  type NormalizedEntry,
} from './entry-card.ts';
export { fichaJson, readFicha, type StoredTerm } from './card-terms.ts';
export { originalRecordOf, provenanceOf, type Provenance } from './card-provenance.ts';
