import type { SearchResult } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CopyDestinationSelector } from '../copy-destination-selector.tsx';
import { CopyEntriesModal } from '@/features/copies/components/copy-entries-modal.tsx';
import { entryKeys } from '@/features/entries/api/query-keys.ts';
import { glossaryKeys } from '@/features/glossaries/api/query-keys.ts';
import { searchKeys } from '@/features/search/api/query-keys.ts';
import { SearchPage } from '@/features/search/components/search-page.tsx';
import {
  paramsFromRequest,
  requestFromParams,
  type SearchRequest,
} from '@/features/search/utils/search-request.ts';

/**
 * /buscar — Buscar términos / usos terminológicos: the search (kept in the URL) and its
 * results; 'Copiar a otro glosario' opens the copies feature's modal for that entry, offering
 * only the glossaries it may go to.
 */
export function SearchRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const request = requestFromParams(searchParams);
  const [copying, setCopying] = useState<SearchResult | null>(null);
  const queryClient = useQueryClient();

  const handleSearch = (next: SearchRequest) => {
    if (JSON.stringify(next) === JSON.stringify(request)) {
      // The same search again: read it afresh.
      void queryClient.invalidateQueries({ queryKey: searchKeys.results(next) });
      return;
    }
    setSearchParams(paramsFromRequest(next));
  };

  return (
    <>
      <SearchPage request={request} onSearch={handleSearch} onCopy={setCopying} />
      {copying && (
        <CopyEntriesModal
          opened
          onClose={() => setCopying(null)}
          origin={copying.nombre_seguro}
          selection={{ ids: [copying.id], count: 1 }}
          renderDestination={(field) => (
            <CopyDestinationSelector
              label={es.copies.destination}
              origin={copying}
              value={field.value}
              onChange={field.onChange}
              error={field.error}
            />
          )}
          onCopied={(_answer, destino) => {
            void queryClient.invalidateQueries({ queryKey: glossaryKeys.lists() });
            void queryClient.invalidateQueries({ queryKey: entryKeys.glossary(destino) });
            void queryClient.invalidateQueries({ queryKey: searchKeys.all });
          }}
        />
      )}
    </>
  );
}
