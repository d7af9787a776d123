import { SEARCH_RESULT_LIMIT, type SearchResult } from '@ludoterm/contract';
import { es, format, plural } from '@ludoterm/contract/messages/es';
import { Accordion, Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useSearchEntries } from '../api/search-entries.ts';
import type { SearchRequest } from '../utils/search-request.ts';
import { SearchResultItem } from './search-result-item.tsx';

export interface SearchResultsProps {
  request: SearchRequest;
  onCopy: (result: SearchResult) => void;
}

const number = new Intl.NumberFormat('es-ES');

/**
 * The results of a search, best first, as expandable cards; 'Mostrar más' reads the next
 * page; 'No se encontraron resultados.' when nothing matched.
 */
export function SearchResults({ request, onCopy }: SearchResultsProps) {
  const search = useSearchEntries(request);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const hasResults = search.isSuccess;
  const requestKey = JSON.stringify(request);
  // On a phone the forms fill the screen: bring a new search's results into view (once).
  useEffect(() => {
    if (hasResults) statusRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [hasResults, requestKey]);

  if (search.isPending) {
    return (
      <Center py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">{es.search.searching}</Text>
        </Group>
      </Center>
    );
  }
  if (search.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(search.error)}
      </Alert>
    );
  }

  const pages = search.data.pages;
  const results = pages.flatMap((p) => p.results);
  const last = pages[pages.length - 1]!;
  if (results.length === 0) {
    return (
      <Text c="dimmed" py="md" role="status" ref={statusRef}>
        {es.search.noResults}
      </Text>
    );
  }
  const count = last.capped
    ? format(es.search.countCapped, { n: number.format(SEARCH_RESULT_LIMIT) })
    : plural(es.search.count, last.total);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" role="status" ref={statusRef}>
        {count}
        {results.length < last.total && (
          <>
            {' '}
            {plural(last.capped ? es.search.showingCapped : es.search.showing, results.length, {
              total: number.format(last.total),
            })}
          </>
        )}
      </Text>
      <Accordion
        multiple
        variant="unstyled"
        chevronPosition="left"
        aria-label={es.search.resultsLabel}
      >
        {results.map((result) => (
          <SearchResultItem key={result.id} result={result} request={request} onCopy={onCopy} />
        ))}
      </Accordion>
      {search.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void search.fetchNextPage()}
            loading={search.isFetchingNextPage}
          >
            {es.search.showMore}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
