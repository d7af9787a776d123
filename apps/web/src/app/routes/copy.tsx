import { es } from '@ludoterm/contract/messages/es';
import { useQueryClient } from '@tanstack/react-query';
import { CopyEntriesPage } from '@/features/copies/components/copy-entries-page.tsx';
import { entryKeys } from '@/features/entries/api/query-keys.ts';
import { glossaryKeys } from '@/features/glossaries/api/query-keys.ts';
import { useGlossaries } from '@/features/glossaries/api/get-glossaries.ts';
import { GlossarySelector } from '@/features/glossaries/components/glossary-selector.tsx';
import { useSearchParam } from '@/lib/use-search-param.ts';

/**
 * /copiar — Copiar Entradas a otro glosario: origin and destination (kept in the URL as
 * `?origen=&destino=`), the origin's entries to tick, and Copiar.
 */
export function CopyRoute() {
  const [origin, setOrigin] = useSearchParam('origen');
  const [destination, setDestination] = useSearchParam('destino');
  const glossaries = useGlossaries();
  const queryClient = useQueryClient();
  const originGlossary = glossaries.data?.find((g) => g.nombre_seguro === origin) ?? null;

  return (
    <CopyEntriesPage
      origin={originGlossary}
      destination={destination}
      originField={
        <GlossarySelector label={es.copyPage.origin} value={origin} onChange={setOrigin} />
      }
      destinationField={
        <GlossarySelector
          label={es.copyPage.destination}
          value={destination}
          onChange={setDestination}
          writableOnly
        />
      }
      onCopied={(_answer, destino) => {
        void queryClient.invalidateQueries({ queryKey: glossaryKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: entryKeys.glossary(destino) });
      }}
    />
  );
}
