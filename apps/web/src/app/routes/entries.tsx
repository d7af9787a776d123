import { es } from '@ludoterm/contract/messages/es';
import { Divider, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMe } from '@/features/auth/api/get-me.ts';
import { CopyEntriesModal } from '@/features/copies/components/copy-entries-modal.tsx';
import { entryKeys } from '@/features/entries/api/query-keys.ts';
import { EntriesManager } from '@/features/entries/components/entries-manager.tsx';
import type { CopyRequest } from '@/features/entries/components/entries-toolbar.tsx';
import { GlossaryCardPicker } from '@/features/entries/components/glossary-card-picker.tsx';
import { glossaryKeys } from '@/features/glossaries/api/query-keys.ts';
import { useGlossaries } from '@/features/glossaries/api/get-glossaries.ts';
import { useGlossaryConfig } from '@/features/glossaries/api/get-glossary-config.ts';
import { GlossarySelector } from '@/features/glossaries/components/glossary-selector.tsx';

/** The query parameter that keeps the open glossary (so a reload or a link reopens it). */
export const ENTRIES_GLOSSARY_PARAM = 'glosario';

/**
 * /entradas — Gestionar Entradas: the glossary cards with their filter; once one is chosen,
 * its entries (EntriesManager) and the copy modal, whose destination selector excludes it.
 */
export function EntriesRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const slug = searchParams.get(ENTRIES_GLOSSARY_PARAM);
  const glossaries = useGlossaries();
  const glossary = glossaries.data?.find((g) => g.nombre_seguro === slug) ?? null;
  const config = useGlossaryConfig(glossary ? glossary.nombre_seguro : null);
  const me = useMe();
  const queryClient = useQueryClient();
  const [copyRequest, setCopyRequest] = useState<CopyRequest | null>(null);
  const currentUserName = me.data ? me.data.display_name?.trim() || me.data.email : null;

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
          currentUserName={currentUserName}
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
            <GlossarySelector
              label={es.copies.destination}
              value={field.value}
              onChange={(next) => field.onChange(next)}
              exclude={glossary.nombre_seguro}
              writableOnly
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
