import type { Glossary } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Paper, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useGlossaries } from '@/features/glossaries/api/get-glossaries.ts';
import { useGlossaryConfig } from '@/features/glossaries/api/get-glossary-config.ts';
import { ActiveGlossaryList } from '@/features/glossaries/components/active-glossary-list.tsx';
import { CreateGlossaryForm } from '@/features/glossaries/components/create-glossary-form.tsx';
import { GlossaryName } from '@/features/glossaries/components/glossary-name.tsx';
import { GlossaryTrash } from '@/features/glossaries/components/glossary-trash.tsx';
import { useImportMaxBytes } from '@/features/health/api/get-health.ts';
import { GlossaryImport } from '@/features/transfers/components/glossary-import.tsx';

/** The query parameter that keeps the glossary selected as the import target. */
export const SELECTED_GLOSSARY_PARAM = 'glosario';

/**
 * /crear — Crear / Importar glosario: the create form, the active glossaries (Seleccionar
 * picks the import target, kept in `?glosario=`), the trash, the import section and the
 * status text box every action writes to.
 */
export function CreateRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get(SELECTED_GLOSSARY_PARAM);
  const [status, setStatus] = useState('');
  const queryClient = useQueryClient();
  const importMaxBytes = useImportMaxBytes();
  const { data: glossaries } = useGlossaries();
  const target = glossaries?.find((g) => g.nombre_seguro === selected);
  const targetConfig = useGlossaryConfig(selected);

  const select = (nombreSeguro: string | null) =>
    setSearchParams(
      (params) => {
        if (nombreSeguro) params.set(SELECTED_GLOSSARY_PARAM, nombreSeguro);
        else params.delete(SELECTED_GLOSSARY_PARAM);
        return params;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <Paper withBorder p="md" component="section" aria-labelledby="crear-titulo">
            <Title order={2} size="h4" id="crear-titulo" mb="sm">
              {es.create.formTitle}
            </Title>
            <CreateGlossaryForm
              onStatus={setStatus}
              onCreated={(g: Glossary) => select(g.nombre_seguro)}
            />
          </Paper>
          <Textarea
            label={es.create.status}
            value={status}
            readOnly
            autosize
            minRows={2}
            aria-live="polite"
          />
        </Stack>
        <Stack gap="lg">
          <Paper withBorder p="md" component="section" aria-labelledby="activos-titulo">
            <Title order={2} size="h4" id="activos-titulo" mb="sm">
              {es.create.activeTitle}
            </Title>
            <ActiveGlossaryList
              selected={selected}
              onSelect={(g) => select(g.nombre_seguro)}
              onStatus={setStatus}
              onTrashed={(g) => {
                if (g.nombre_seguro === selected) select(null);
              }}
            />
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="papelera-titulo">
            <Title order={2} size="h4" id="papelera-titulo" mb="sm">
              {es.create.trashTitle}
            </Title>
            <GlossaryTrash onStatus={setStatus} />
          </Paper>
        </Stack>
      </SimpleGrid>

      <Paper withBorder p="md" component="section" aria-labelledby="importar-titulo">
        <Title order={2} size="h4" id="importar-titulo" mb="sm">
          {es.import.title}
        </Title>
        <GlossaryImport
          nombreSeguro={selected}
          glossaryLabel={target ? <GlossaryName glossary={target} compact /> : undefined}
          campos={targetConfig.data?.ficha.campos}
          onStatus={setStatus}
          maxBytes={importMaxBytes}
          // An import changes counts and entries that several pages show: refresh them all.
          onImported={() => void queryClient.invalidateQueries()}
        />
      </Paper>
    </Stack>
  );
}
