import type { Glossary } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Alert, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { NoGlossaries } from '@/components/ui/no-glossaries.tsx';
import { StatusMessage, type StatusMessageValue } from '@/components/ui/status-message.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { filterByName } from '@/lib/filter-by-name.ts';
import { useGlossaries } from '../api/get-glossaries.ts';
import { useUpdateGlossaryDescription } from '../api/update-glossary-description.ts';
import { GlossaryCard } from './glossary-card.tsx';
import { ShareGlossaryModal } from './share-glossary-modal.tsx';

/**
 * /glosarios: the user's glossaries filtered by name, each with its description editor and,
 * for the owner, Compartir; a message area says how the last save went.
 */
export function GlossaryAdmin() {
  const glossaries = useGlossaries();
  const updateDescription = useUpdateGlossaryDescription();
  const [query, setQuery] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  const [sharing, setSharing] = useState<Glossary | null>(null);
  const [message, setMessage] = useState<StatusMessageValue>(null);

  // A failed load shows its message and an empty list (spec section 8).
  const all = useMemo(
    () => (glossaries.isError ? [] : (glossaries.data ?? [])),
    [glossaries.data, glossaries.isError],
  );
  const visible = useMemo(() => filterByName(all, query), [all, query]);

  const handleSave = async (glossary: Glossary, descripcion: string | null) => {
    setMessage(null);
    try {
      await updateDescription.mutateAsync({ nombreSeguro: glossary.nombre_seguro, descripcion });
      setEditingId(null);
      setMessage({ kind: 'ok', text: es.glossaries.descriptionSaved });
    } catch (error) {
      setMessage({
        kind: 'error',
        text: es.glossaries.descriptionError,
        detail: errorMessage(error),
      });
    }
  };

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <TextInput
          label={es.glossaries.filter}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          maw={480}
        />

        <StatusMessage message={message} />
      </Stack>

      {glossaries.isError && (
        <Alert color="red" variant="light" role="alert">
          {es.glossaries.loadError}
        </Alert>
      )}
      {glossaries.isPending && <Loader size="sm" aria-label={es.app.loading} />}

      {!glossaries.isPending &&
        !glossaries.isError &&
        visible.length === 0 &&
        (all.length === 0 ? <NoGlossaries /> : <Text c="dimmed">{es.glossaries.noMatches}</Text>)}

      {visible.length > 0 && (
        <Stack component="section" gap="sm" aria-label={es.glossaries.listLabel}>
          {visible.map((glossary) => (
            <GlossaryCard
              key={glossary.id}
              glossary={glossary}
              isEditing={editingId === glossary.id}
              isSaving={updateDescription.isPending && editingId === glossary.id}
              onEdit={() => {
                setEditingId(glossary.id);
                setMessage(null);
              }}
              onCancel={() => setEditingId(null)}
              onSave={(descripcion) => void handleSave(glossary, descripcion)}
              onShare={() => setSharing(glossary)}
            />
          ))}
        </Stack>
      )}

      <ShareGlossaryModal glossary={sharing} onClose={() => setSharing(null)} />
    </Stack>
  );
}
