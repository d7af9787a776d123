// How SQLite's ranked search numbers its docs (migrations 040 and 041, which keep their own
// copies): search_docs.search_id follows the results' order, SEARCH_ID_STEP apart when
// renumbered; docs that found no free number between their neighbours sit at
// SEARCH_UNORDERED_FROM and above. Shared by the reads, the writes and the word starts.

export const SEARCH_UNORDERED_FROM = 2 ** 51;
export const SEARCH_ID_STEP = 2 ** 26;
/** search_field_fts rowid = search_id × FIELD_SLOTS + the field's code (migration 041). */
export const FIELD_SLOTS = 32;
