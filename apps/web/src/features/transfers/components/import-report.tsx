import type { ImportDoneAnswer } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { List, Stack, Text, Title } from '@mantine/core';

/**
 * What an import kept but wants checked: entries that may repeat another concept, and what was
 * read differently from the file, each naming its place in the file.
 */
export function ImportReport({ answer }: { answer: ImportDoneAnswer }) {
  const duplicates = answer.posibles_duplicados ?? [];
  const warnings = answer.avisos ?? [];
  if (duplicates.length === 0 && warnings.length === 0) return null;
  return (
    <Stack gap="sm">
      {duplicates.length > 0 ? (
        <section aria-label={format(es.import.duplicatesTitle, { n: duplicates.length })}>
          <Title order={3} size="h5">
            {format(es.import.duplicatesTitle, { n: duplicates.length })}
          </Title>
          <Text size="sm" c="dimmed" mb={4}>
            {es.import.duplicatesHelp}
          </Text>
          <List size="sm" spacing={2}>
            {duplicates.map((d) => (
              <List.Item key={d.entrada_id}>
                {format(
                  d.motivo === 'mismo_identificador'
                    ? es.import.duplicateSameIdItem
                    : es.import.duplicateItem,
                  {
                    ubicacion: d.ubicacion.charAt(0).toUpperCase() + d.ubicacion.slice(1),
                    id: d.id_externo,
                    terminos: Object.values(d.termino)
                      .filter((t) => t !== null)
                      .join(' → '),
                    otro: d.duplica_id_externo,
                  },
                )}
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}
      {warnings.length > 0 ? (
        <section aria-label={format(es.import.warningsTitle, { n: warnings.length })}>
          <Title order={3} size="h5">
            {format(es.import.warningsTitle, { n: warnings.length })}
          </Title>
          <List size="sm" spacing={2}>
            {warnings.map((warning, i) => (
              <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                {warning}
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}
    </Stack>
  );
}
