import type { SearchResult } from '@ludoterm/contract';
import { Paper, SimpleGrid, Stack } from '@mantine/core';
import type { SearchRequest } from '../utils/search-request.ts';
import { AdvancedSearchForm } from './advanced-search-form.tsx';
import { QuickSearchForm } from './quick-search-form.tsx';
import { SearchResults } from './search-results.tsx';

export interface SearchPageProps {
  /** The search to show (from the page's URL), or null before the first. */
  request: SearchRequest | null;
  onSearch: (request: SearchRequest) => void;
  /** 'Copiar a otro glosario' on a result: the page opens the copies feature's modal. */
  onCopy: (result: SearchResult) => void;
}

/** /buscar: quick and advanced search side by side, and the results under them. */
export function SearchPage({ request, onSearch, onCopy }: SearchPageProps) {
  const quick = request?.kind === 'quick' ? request : { termino: '', subindice: '' };
  const advanced = request?.kind === 'advanced' ? request : { campo: '', valor: '' };
  // The forms start again from the URL whenever the search changes (back button, a link).
  const key = JSON.stringify(request);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <QuickSearchForm key={`q${key}`} initial={quick} onSearch={onSearch} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <AdvancedSearchForm key={`a${key}`} initial={advanced} onSearch={onSearch} />
        </Paper>
      </SimpleGrid>
      {request && <SearchResults request={request} onCopy={onCopy} />}
    </Stack>
  );
}
