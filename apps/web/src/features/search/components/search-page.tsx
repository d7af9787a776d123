import type { SearchResult } from '@ludoterm/contract';
import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
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
  // The search a form refused to send over: its results no longer answer what the form shows,
  // so they are hidden under the form's message until the next search.
  const [refusedOver, setRefusedOver] = useState<string | null>(null);
  const search = (next: SearchRequest) => {
    setRefusedOver(null);
    onSearch(next);
  };
  const refuse = () => setRefusedOver(key);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <QuickSearchForm key={`q${key}`} initial={quick} onSearch={search} onRefused={refuse} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <AdvancedSearchForm
            key={`a${key}`}
            initial={advanced}
            onSearch={search}
            onRefused={refuse}
          />
        </Paper>
      </SimpleGrid>
      {request && refusedOver !== key && <SearchResults request={request} onCopy={onCopy} />}
    </Stack>
  );
}
