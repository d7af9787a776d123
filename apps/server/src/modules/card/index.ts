// The card module's public face: the DocuTerm card as every other module sees it.
export {
  canSeePrivateComments,
  cardToInput,
  deriveColumns,
  duplicateKeyOf,
  languagesOf,
  normalizeEntryInput,
  parseCard,
  toEntryView,
  toHistoryItem,
  type DerivedColumns,
  type EntryViewRow,
  type EntryViewer,
  type NormalizedEntry,
} from './entry-card.ts';
