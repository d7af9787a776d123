import type { SearchRequest } from '../utils/search-request.ts';

/** Query keys of the search feature; a copy or an edit elsewhere invalidates `all`. */
export const searchKeys = {
  all: ['search'] as const,
  results: (request: SearchRequest) => [...searchKeys.all, 'results', request] as const,
  fields: () => [...searchKeys.all, 'fields'] as const,
};
