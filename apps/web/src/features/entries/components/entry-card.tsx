import type { CardField, Entry, EntryInput, Glossary } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconEdit, IconHistory } from '@tabler/icons-react';
import { memo } from 'react';
import { entryTitle, fieldValue } from '../utils/entry-fields.ts';
import { formatDate } from '../utils/format-date.ts';
import classes from './entries.module.css';
import { EntryForm } from './entry-form.tsx';

export interface EntryCardProps {
  entry: Entry;
  glossary: Pick<Glossary, 'idioma_origen' | 'idioma_meta'>;
  /** The card's fields; undefined while the configuration loads. */
  fields: readonly CardField[] | undefined;
  isExpanded: boolean;
  isEditing: boolean;
  isSaving: boolean;
  saveError: string | null;
  canWrite: boolean;
  /** Whether the private comments field is shown when editing. */
  withPrivateComments: boolean;
  /** In a selection mode: the checkbox and whether it is ticked. */
  selectable: boolean;
  isSelected: boolean;
  onToggleExpanded: (id: number) => void;
  onToggleSelected: (id: number) => void;
  onEdit: (id: number) => void;
  onCancelEdit: () => void;
  onSave: (entry: Entry, input: EntryInput) => void;
  onHistory: (entry: Entry) => void;
}

/**
 * One entry of /entradas: its terms and subindice; expanded, every field of the card plus the
 * author and creation date; Editar turns it into the form (author and date read-only) and
 * Historial opens its versions. In a selection mode it carries a checkbox.
 */
export const EntryCard = memo(function EntryCard({
  entry,
  glossary,
  fields,
  isExpanded,
  isEditing,
  isSaving,
  saveError,
  canWrite,
  withPrivateComments,
  selectable,
  isSelected,
  onToggleExpanded,
  onToggleSelected,
  onEdit,
  onCancelEdit,
  onSave,
  onHistory,
}: EntryCardProps) {
  const title = entryTitle(entry, glossary);
  const target = entry.termino[glossary.idioma_meta];
  const base = entry.termino[glossary.idioma_origen];
  const detailsId = `entrada-${entry.id}-ficha`;

  return (
    <Paper
      withBorder
      p="xs"
      className={classes.entry}
      data-selected={(selectable && isSelected) || undefined}
      component="article"
      aria-label={title}
    >
      <div className={classes.entryHeader}>
        {selectable && (
          <Checkbox
            checked={isSelected}
            onChange={() => onToggleSelected(entry.id)}
            aria-label={format(es.entries.selectEntry, { term: title })}
          />
        )}
        <UnstyledButton
          className={classes.entryToggle}
          onClick={() => onToggleExpanded(entry.id)}
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? detailsId : undefined}
          aria-label={format(isExpanded ? es.entries.hideCard : es.entries.showCard, {
            term: title,
          })}
        >
          {isExpanded ? (
            <IconChevronDown size={18} aria-hidden className={classes.chevron} />
          ) : (
            <IconChevronRight size={18} aria-hidden className={classes.chevron} />
          )}
          <div className={classes.entryTerms}>
            <Text fw={600} span>
              {base || (
                <Text span c="dimmed">
                  {es.entries.untitled}
                </Text>
              )}
            </Text>
            {target && (
              <Text span c="dimmed">
                {' '}
                — {target}
              </Text>
            )}
          </div>
          {entry.subindice && (
            <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }} maw="40%">
              {entry.subindice}
            </Badge>
          )}
        </UnstyledButton>
        {!isEditing && (
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {canWrite && (
              <ActionIcon
                variant="subtle"
                onClick={() => onEdit(entry.id)}
                aria-label={format(es.entries.editLabel, { term: title })}
                title={es.entries.edit}
              >
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            )}
            <ActionIcon
              variant="subtle"
              onClick={() => onHistory(entry)}
              aria-label={format(es.entries.historyLabel, { term: title })}
              title={es.entries.history}
            >
              <IconHistory size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </div>

      {isEditing && fields && (
        <Stack mt="sm">
          <EntryForm
            fields={fields}
            entry={entry}
            withPrivateComments={withPrivateComments}
            isSaving={isSaving}
            error={saveError}
            onSave={(input) => onSave(entry, input)}
            onCancel={onCancelEdit}
            label={format(es.entries.editLabel, { term: title })}
          />
        </Stack>
      )}

      {isExpanded && !isEditing && (
        <Stack mt="xs" gap="xs" id={detailsId}>
          <dl className={classes.fields}>
            {(fields ?? []).map((field) => {
              const value = fieldValue(entry, field.id);
              return <FieldRow key={field.id} label={field.label} value={value} />;
            })}
            {entry.comentarios_privados !== null && (
              <FieldRow label={es.entries.privateComments} value={entry.comentarios_privados} />
            )}
            <FieldRow label={es.entries.author} value={entry.autor} />
            <FieldRow label={es.entries.createdAt} value={formatDate(entry.fecha_creacion)} />
          </dl>
          <Group gap="xs">
            {canWrite && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={() => onEdit(entry.id)}
              >
                {es.entries.edit}
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconHistory size={16} aria-hidden />}
              onClick={() => onHistory(entry)}
            >
              {es.entries.history}
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
});

function FieldRow({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {value ?? (
          <Text span c="dimmed" size="sm">
            {es.entries.emptyValue}
          </Text>
        )}
      </dd>
    </>
  );
}
