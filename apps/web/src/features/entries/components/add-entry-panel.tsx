import type { CardField, Entry, EntryInput } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useCreateEntry } from '../api/create-entry.ts';
import { showSavedNotices } from '../utils/saved-notices.ts';
import { EntryForm } from './entry-form.tsx';

export interface AddEntryPanelProps {
  nombreSeguro: string;
  /** The card's fields (`ficha.campos`). */
  fields: readonly CardField[];
  onClose: () => void;
  /** After the entry was created (and the list reloaded); closing the panel is up to the caller. */
  onAdded: (entry: Entry) => void;
}

/** 'Añadir entrada': the empty card as a form, with the private comments, in a panel. */
export function AddEntryPanel({ nombreSeguro, fields, onClose, onAdded }: AddEntryPanelProps) {
  const create = useCreateEntry();
  const [error, setError] = useState<string | null>(null);

  // mutateAsync, not mutate's callbacks: those are dropped if the panel closes mid-request,
  // and the entry is created all the same.
  const handleSave = async (input: EntryInput) => {
    setError(null);
    let created: Entry;
    try {
      created = await create.mutateAsync({ nombreSeguro, input });
    } catch (saveError) {
      setError(format(es.entries.saveError, { detail: errorMessage(saveError) }));
      return;
    }
    showSavedNotices(es.entries.created, created);
    onAdded(created);
  };

  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="sm">
        {es.entries.addTitle}
      </Title>
      <EntryForm
        fields={fields}
        entry={null}
        withPrivateComments
        isSaving={create.isPending}
        error={error}
        onSave={(input) => void handleSave(input)}
        onCancel={onClose}
        label={es.entries.addTitle}
      />
    </Paper>
  );
}
