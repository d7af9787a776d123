import {
  TEXT_FIELD_MAX,
  type CardField,
  type Entry,
  type EntryInput,
  type Language,
} from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  formKey,
  formValuesOf,
  inputOf,
  otherTermsOf,
  shownTermsOf,
  termsInputOf,
} from '../utils/entry-fields.ts';
import { TermsEditor, termRowOf, type TermRow } from './terms-editor.tsx';
import { formatDateTime } from '@/lib/format-date.ts';

export interface EntryFormProps {
  /** The card's fields, in card order (`ficha.campos`). */
  fields: readonly CardField[];
  /** The entry being edited; null for a new one. */
  entry: Entry | null;
  /** Whether the private comments are shown (and so written). */
  withPrivateComments: boolean;
  isSaving: boolean;
  error?: string | null;
  onSave: (input: EntryInput) => void;
  onCancel: () => void;
  /** Names the form for assistive technology ('Editar «espada»', 'Nueva entrada'). */
  label: string;
}

/**
 * The DocuTerm card as a form: every field of the glossary's card (long ones as multi-line
 * boxes), the private comments when the user may see them, and, when editing, the author and
 * creation date read-only. Saving needs a term in at least one language. It opens with the
 * first field focused; Escape cancels.
 */
export function EntryForm({
  fields,
  entry,
  withPrivateComments,
  isSaving,
  error,
  onSave,
  onCancel,
  label,
}: EntryFormProps) {
  const form = useForm<Record<string, string>>({ defaultValues: formValuesOf(entry, fields) });
  const termFields = fields.filter((f) => f.id.startsWith('termino.'));
  const termKeys = termFields.map((f) => formKey(f.id));
  const languages = termFields.map((f) => f.id.slice('termino.'.length) as Language);
  const [otherTerms, setOtherTerms] = useState<TermRow[]>(() => otherTermsOf(entry).map(termRowOf));
  // Untouched and empty, the list is not sent: the server keeps the entry's terms as they are.
  const [termsTouched, setTermsTouched] = useState(false);
  const rootError = form.formState.errors.root?.message;

  // Opening the form (Editar, Añadir entrada) puts the keyboard in its first field.
  const firstKey = fields[0] ? formKey(fields[0].id) : null;
  const { setFocus } = form;
  useEffect(() => {
    if (firstKey) setFocus(firstKey);
  }, [firstKey, setFocus]);

  // Escape does what Cancelar does (not while a save is on its way, nor mid-composition).
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || isSaving || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onCancel();
  };

  const renderField = (field: CardField) =>
    field.multilinea ? (
      <Textarea
        key={field.id}
        label={field.label}
        autosize
        minRows={2}
        maxRows={10}
        maxLength={TEXT_FIELD_MAX}
        style={{ gridColumn: '1 / -1' }}
        disabled={isSaving}
        {...form.register(formKey(field.id))}
      />
    ) : (
      <TextInput
        key={field.id}
        label={field.label}
        maxLength={TEXT_FIELD_MAX}
        disabled={isSaving}
        {...form.register(formKey(field.id))}
      />
    );

  const submit = form.handleSubmit((values) => {
    if (!termKeys.some((key) => values[key]?.trim())) {
      form.setError('root', { message: 'Escribe el término en al menos uno de los dos idiomas.' });
      return;
    }
    const input = inputOf(values, fields, { withPrivateComments });
    if (termsTouched || otherTerms.length > 0) {
      input.terminos = termsInputOf(values, languages, shownTermsOf(entry), otherTerms);
    }
    onSave(input);
  });

  return (
    <form onSubmit={submit} onKeyDown={handleKeyDown} aria-label={label} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {termFields.map(renderField)}
          <TermsEditor
            languages={languages}
            rows={otherTerms}
            onChange={(rows) => {
              setOtherTerms(rows);
              setTermsTouched(true);
            }}
            disabled={isSaving}
          />
          {fields.filter((f) => !f.id.startsWith('termino.')).map(renderField)}
          {withPrivateComments && (
            <Textarea
              label={es.entries.privateComments}
              description={es.entries.privateCommentsHelp}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={TEXT_FIELD_MAX}
              style={{ gridColumn: '1 / -1' }}
              disabled={isSaving}
              {...form.register('comentarios_privados')}
            />
          )}
          {entry && (
            <>
              <TextInput label={es.entries.author} value={entry.autor} readOnly variant="filled" />
              <TextInput
                label={es.entries.createdAt}
                value={formatDateTime(entry.fecha_creacion)}
                readOnly
                variant="filled"
              />
            </>
          )}
        </SimpleGrid>
        {(rootError || error) && (
          <Alert color="red" variant="light" role="alert">
            {rootError ?? error}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={isSaving}>
            {es.entries.save}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            {es.entries.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
