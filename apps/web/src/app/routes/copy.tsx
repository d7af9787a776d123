import { isCopyDestination } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { useQueryClient } from '@tanstack/react-query';
import { CopyEntriesPage } from '@/features/copies/components/copy-entries-page.tsx';
import { entryKeys } from '@/features/entries/api/query-keys.ts';
import { glossaryKeys } from '@/features/glossaries/api/query-keys.ts';
import { useGlossaries } from '@/features/glossaries/api/get-glossaries.ts';
import { GlossarySelector } from '@/features/glossaries/components/glossary-selector.tsx';
import { useSearchParam } from '@/lib/use-search-param.ts';
import { CopyDestinationSelector } from '../copy-destination-selector.tsx';

/**
 * /copiar — Copiar Entradas a otro glosario: origin and destination (kept in the URL as
 * `?origen=&destino=`), the origin's entries to tick, and Copiar. The destination offered and
 * used is one a copy may go to; a link naming another is read as none, except the origin
 * itself, which the page refuses with the spec's message.
 */
export function CopyRoute() {
  const [origin, setOrigin] = useSearchParam('origen');
  const [destination, setDestination] = useSearchParam('destino');
  const glossaries = useGlossaries();
  const queryClient = useQueryClient();
  const originGlossary = glossaries.data?.find((g) => g.nombre_seguro === origin) ?? null;
  const destinationGlossary = glossaries.data?.find((g) => g.nombre_seguro === destination);
  const usableDestination =
    destination !== null &&
    (destination === origin ||
      !originGlossary ||
      (destinationGlossary !== undefined && isCopyDestination(originGlossary, destinationGlossary)))
      ? destination
      : null;

  return (
    <CopyEntriesPage
      origin={originGlossary}
      destination={usableDestination}
      originField={
        <GlossarySelector label={es.copyPage.origin} value={origin} onChange={setOrigin} />
      }
      destinationField={
        <CopyDestinationSelector
          label={es.copyPage.destination}
          origin={originGlossary}
          value={usableDestination}
          onChange={setDestination}
        />
      }
      onCopied={(_answer, destino) => {
        void queryClient.invalidateQueries({ queryKey: glossaryKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: entryKeys.glossary(destino) });
      }}
    />
  );
}
