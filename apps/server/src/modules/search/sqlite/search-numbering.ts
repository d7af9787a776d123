// search_docs.search_id follows the results' order, SEARCH_ID_STEP apart when renumbered; docs
// with no free number sit at SEARCH_UNORDERED_FROM and up. Migrations 040/041 keep own copies.

export const SEARCH_UNORDERED_FROM = 2 ** 51;
export const SEARCH_ID_STEP = 2 ** 26;
/** search_field_fts rowid = search_id × FIELD_SLOTS + the field's code (migration 041). */
export const FIELD_SLOTS = 32;
