import type { Glossary } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { useGlossaries } from '@/features/glossaries/api/get-glossaries.ts';
import { useGlossaryConfig } from '@/features/glossaries/api/get-glossary-config.ts';
import { ActiveGlossaryList } from '@/features/glossaries/components/active-glossary-list.tsx';
import { CreateGlossaryForm } from '@/features/glossaries/components/create-glossary-form.tsx';
import { GlossaryName } from '@/features/glossaries/components/glossary-name.tsx';
import { GlossaryTrash } from '@/features/glossaries/components/glossary-trash.tsx';
import { useImportMaxBytes } from '@/features/health/api/get-health.ts';
import { GlossaryImport } from '@/features/transfers/components/glossary-import.tsx';
import { useSearchParam } from '@/lib/use-search-param.ts';

/** The query parameter that keeps the glossary selected as the import target. */
export const SELECTED_GLOSSARY_PARAM = 'glosario';

/**
 * /crear — Crear / Importar glosario: the create form, the active glossaries (Seleccionar
 * picks the import target, kept in `?glosario=`), the trash, the import section, and the
 * status box where creating, trashing and restoring report (the import reports in its own
 * section, so the box does not repeat it).
 */
export function CreateRoute() {
  const [selected, select] = useSearchParam(SELECTED_GLOSSARY_PARAM);
  const [status, setStatus] = useState('');
  const queryClient = useQueryClient();
  const importMaxBytes = useImportMaxBytes();
  const { data: glossaries } = useGlossaries();
  const target = glossaries?.find((g) => g.nombre_seguro === selected);
  const targetConfig = useGlossaryConfig(selected);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <SectionCard p="md" titleId="crear-titulo" title={es.create.formTitle}>
            <CreateGlossaryForm
              onStatus={setStatus}
              onCreated={(g: Glossary) => select(g.nombre_seguro)}
            />
          </SectionCard>
          {/* A live region read as text: announced, never a Tab stop. */}
          <Paper withBorder p="sm" radius="md" role="status" aria-labelledby="estado-titulo">
            <Text id="estado-titulo" size="sm" fw={600}>
              {es.create.status}
            </Text>
            <Text size="sm" c={status ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-line' }}>
              {status || es.create.statusIdle}
            </Text>
          </Paper>
        </Stack>
        <Stack gap="lg">
          <SectionCard p="md" titleId="activos-titulo" title={es.create.activeTitle}>
            <ActiveGlossaryList
              selected={selected}
              onSelect={(g) => select(g.nombre_seguro)}
              onStatus={setStatus}
              onTrashed={(g) => {
                if (g.nombre_seguro === selected) select(null);
              }}
            />
          </SectionCard>
          <SectionCard p="md" titleId="papelera-titulo" title={es.create.trashTitle}>
            <GlossaryTrash onStatus={setStatus} />
          </SectionCard>
        </Stack>
      </SimpleGrid>

      <SectionCard p="md" titleId="importar-titulo" title={es.import.title}>
        <GlossaryImport
          nombreSeguro={selected}
          glossaryLabel={target ? <GlossaryName glossary={target} compact /> : undefined}
          campos={targetConfig.data?.ficha.campos}
          maxBytes={importMaxBytes}
          // An import changes counts and entries that several pages show: refresh them all.
          onImported={() => void queryClient.invalidateQueries()}
        />
      </SectionCard>
    </Stack>
  );
}
