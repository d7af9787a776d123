import { es } from '@ludoterm/contract/messages/es';
import { Divider, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ENTRIES_GLOSSARY_PARAM } from '@/config/paths.ts';
import { CopyDestinationSelector } from '../copy-destination-selector.tsx';
import { CopyEntriesModal } from '@/features/copies/components/copy-entries-modal.tsx';
import { entryKeys } from '@/features/entries/api/query-keys.ts';
import { EntriesManager } from '@/features/entries/components/entries-manager.tsx';
import type { CopyRequest } from '@/features/entries/components/entries-toolbar.tsx';
import { GlossaryCardPicker } from '@/features/entries/components/glossary-card-picker.tsx';
import { glossaryKeys } from '@/features/glossaries/api/query-keys.ts';
import { useGlossaries } from '@/features/glossaries/api/get-glossaries.ts';
import { useGlossaryConfig } from '@/features/glossaries/api/get-glossary-config.ts';


/**
 * /entradas — Gestionar Entradas: the glossary cards with their filter; once one is chosen,
 * its entries (EntriesManager) and the copy modal, which offers only the glossaries a copy may
 * go to.
 */
export function EntriesRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const slug = searchParams.get(ENTRIES_GLOSSARY_PARAM);
  const glossaries = useGlossaries();
  const glossary = glossaries.data?.find((g) => g.nombre_seguro === slug) ?? null;
  const config = useGlossaryConfig(glossary ? glossary.nombre_seguro : null);
  const queryClient = useQueryClient();
  const [copyRequest, setCopyRequest] = useState<CopyRequest | null>(null);

  const refreshCounts = () =>
    void queryClient.invalidateQueries({ queryKey: glossaryKeys.lists() });

  return (
    <Stack gap="md">
      <GlossaryCardPicker
        glossaries={glossaries.isError ? [] : glossaries.data}
        isLoading={glossaries.isPending}
        isError={glossaries.isError}
        selected={slug}
        onSelect={(g) =>
          setSearchParams((params) => {
            params.set(ENTRIES_GLOSSARY_PARAM, g.nombre_seguro);
            return params;
          })
        }
      />
      <Divider />
      {glossary ? (
        <EntriesManager
          key={glossary.nombre_seguro}
          glossary={glossary}
          fields={config.data?.ficha.campos}
          onCopyRequest={setCopyRequest}
          onEntriesChanged={refreshCounts}
        />
      ) : (
        !glossaries.isPending && <Text c="dimmed">{es.entries.chooseGlossary}</Text>
      )}
      {glossary && (
        <CopyEntriesModal
          opened={copyRequest !== null}
          onClose={() => setCopyRequest(null)}
          origin={glossary.nombre_seguro}
          selection={copyRequest}
          renderDestination={(field) => (
            <CopyDestinationSelector
              label={es.copies.destination}
              origin={glossary}
              value={field.value}
              onChange={field.onChange}
              error={field.error}
            />
          )}
          onCopied={(_answer, destino) => {
            refreshCounts();
            void queryClient.invalidateQueries({ queryKey: entryKeys.glossary(destino) });
          }}
        />
      )}
    </Stack>
  );
}
