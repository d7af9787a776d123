import { LANGUAGE_NAMES, type Entry, type Language } from '@ludoterm/contract';
import { es, format, plural } from '@ludoterm/contract/messages/es';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useUpdateEntry } from '../api/update-entry.ts';
import { conflictOf } from '../utils/entry-conflict.ts';
import { showSavedNotices } from '../utils/saved-notices.ts';
import {
  isExistingTerm,
  splitVariants,
  termsWithVariants,
  type VariantChoice,
} from '../utils/variant-terms.ts';
import classes from './entries.module.css';

export interface ConvertVariantsModalProps {
  nombreSeguro: string;
  /** The glossary's languages, base first: a variant's language defaults to the base one. */
  languages: readonly [Language, Language];
  /** The entry as the list holds it now; null while closed. */
  entry: Entry | null;
  /** Cancelled: nothing was saved. */
  onClose: () => void;
  /** Saved; the action that opened the dialog is gone, as Variantes is now empty. */
  onConverted: (saved: Entry) => void;
}

/**
 * «Convertir variantes en términos»: the entry's Variantes split into the terms they would
 * become (admitted, of type variante), each with its language to choose. Only on confirmation
 * is the entry saved, with those terms added and Variantes emptied; cancelling changes nothing.
 */
export function ConvertVariantsModal({
  nombreSeguro,
  languages,
  entry,
  onClose,
  onConverted,
}: ConvertVariantsModalProps) {
  const t = es.entries.convertVariants;
  const update = useUpdateEntry();
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (update.isPending) return;
    setError(null);
    onClose();
  };

  const convert = (current: Entry, choices: readonly VariantChoice[]) => {
    const terminos = termsWithVariants(current, choices);
    const added = terminos.length - current.terminos.length;
    setError(null);
    update.mutate(
      {
        nombreSeguro,
        id: current.id,
        input: { terminos, variante: null },
        version: current.version,
      },
      {
        onSuccess: (saved) => {
          showSavedNotices(plural(t.done, added), saved);
          onConverted(saved);
        },
        // After a 409 the list is read again and this dialog proposes from the newer version.
        onError: (failure) =>
          setError(
            conflictOf(failure) ? t.conflict : format(t.error, { detail: errorMessage(failure) }),
          ),
      },
    );
  };

  return (
    <Modal
      opened={entry !== null}
      onClose={close}
      title={t.title}
      size="lg"
      // The card puts the keyboard back itself: after a conversion the button that opened the
      // dialog is gone, and the list re-renders it late, so the modal's own return would miss.
      returnFocus={false}
      closeButtonProps={{ 'aria-label': es.entries.cancel }}
    >
      {entry && (
        <VariantChoices
          key={`${entry.id}:${entry.version}`}
          entry={entry}
          languages={languages}
          saving={update.isPending}
          error={error}
          onConfirm={(choices) => convert(entry, choices)}
          onCancel={close}
        />
      )}
    </Modal>
  );
}

function VariantChoices({
  entry,
  languages,
  saving,
  error,
  onConfirm,
  onCancel,
}: {
  entry: Entry;
  languages: readonly [Language, Language];
  saving: boolean;
  error: string | null;
  onConfirm: (choices: VariantChoice[]) => void;
  onCancel: () => void;
}) {
  const t = es.entries.convertVariants;
  const [choices, setChoices] = useState<VariantChoice[]>(() =>
    splitVariants(entry.variante).map((termino) => ({ termino, idioma: languages[0] })),
  );
  const added = choices.filter((choice) => !isExistingTerm(entry, choice)).length;
  const choose = (index: number, idioma: Language) =>
    setChoices((current) => current.map((c, i) => (i === index ? { ...c, idioma } : c)));

  return (
    <Stack gap="sm">
      <Text size="sm">{t.intro}</Text>
      <ul className={classes.variantChoices} aria-label={t.listLabel}>
        {choices.map((choice, index) => {
          const existing = isExistingTerm(entry, choice);
          return (
            <li key={choice.termino}>
              <Text
                span
                fw={500}
                c={existing ? 'dimmed' : undefined}
                className={classes.variantTerm}
              >
                {choice.termino}
              </Text>
              <NativeSelect
                aria-label={format(t.languageFor, { term: choice.termino })}
                value={choice.idioma}
                data={languages.map((lang) => ({
                  value: lang,
                  label: `${LANGUAGE_NAMES[lang]} (${lang})`,
                }))}
                onChange={(event) => choose(index, event.currentTarget.value as Language)}
                disabled={saving}
                size="xs"
              />
              {existing && (
                <Text size="xs" c="dimmed" className={classes.variantNote}>
                  {format(t.alreadyTerm, { lang: choice.idioma })}
                </Text>
              )}
            </li>
          );
        })}
      </ul>
      {added === 0 && <Text size="sm">{t.nothingNew}</Text>}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group gap="xs" justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {es.entries.cancel}
        </Button>
        <Button onClick={() => onConfirm(choices)} loading={saving}>
          {plural(t.confirm, added)}
        </Button>
      </Group>
    </Stack>
  );
}
