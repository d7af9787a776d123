// The search module's public face: the index the entry write path keeps in step, what a
// check of it needs, and the move of a staged import (SQLite).
export { searchIndexFor } from './search-index-for.ts';
export { targetOfField, type EntryFilters, type SearchTarget } from './search-order.ts';
export { entryFiltersSql } from './entry-filters.repository.ts';
export { glossaryScope } from './search.repository.ts';
export { moveGlossaryEntries } from './sqlite/glossary-move.repository.ts';
