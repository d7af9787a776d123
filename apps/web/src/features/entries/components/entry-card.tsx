import type {
  CardField,
  Entry,
  EntryInput,
  Glossary,
  Language,
  ReviewState,
} from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Button, Group, Stack, Text } from '@mantine/core';
import {
  IconArrowsSplit2,
  IconChevronDown,
  IconChevronRight,
  IconEdit,
  IconHistory,
} from '@tabler/icons-react';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { entryTitle, fieldValue } from '../utils/entry-fields.ts';
import { originalRecordText } from '../utils/original-record.ts';
import { TermList, hasTermDetails } from '@/components/ui/term-list.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import classes from './entries.module.css';
import { EntryForm } from './entry-form.tsx';

/**
 * Where a card puts the keyboard when asked: its toggle, the Editar that opened its form, or
 * «Convertir variantes en términos» (its toggle when that is gone).
 */
export type EntryFocusTarget = 'entry' | 'edit' | 'variants';

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
  /** May approve entries (the glossary's owner or a revisor). */
  canApprove: boolean;
  /**
   * Where the manager asks this card to put the keyboard: its toggle (a new entry) or the
   * Editar button that opened the form (after saving or cancelling an edit).
   */
  focusTarget: EntryFocusTarget | null;
  /** The card has taken the focus asked for. */
  onFocused: () => void;
  /** In a selection mode: the checkbox and whether it is ticked. */
  selectable: boolean;
  isSelected: boolean;
  onToggleExpanded: (id: number) => void;
  onToggleSelected: (id: number) => void;
  onEdit: (id: number) => void;
  onCancelEdit: (id: number) => void;
  onSave: (entry: Entry, input: EntryInput) => void;
  onHistory: (entry: Entry) => void;
  /** «Convertir variantes en términos»: the manager opens its confirmation dialog. */
  onConvertVariants: (entry: Entry) => void;
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
  canApprove,
  focusTarget,
  onFocused,
  selectable,
  isSelected,
  onToggleExpanded,
  onToggleSelected,
  onEdit,
  onCancelEdit,
  onSave,
  onHistory,
  onConvertVariants,
}: EntryCardProps) {
  const title = entryTitle(entry, glossary);
  const target = entry.termino[glossary.idioma_meta];
  const base = entry.termino[glossary.idioma_origen];
  const originalRecord = originalRecordText(entry.registro_original);
  const detailsId = `entrada-${entry.id}-ficha`;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headerEditRef = useRef<HTMLButtonElement>(null);
  const detailsEditRef = useRef<HTMLButtonElement>(null);
  const convertRef = useRef<HTMLButtonElement>(null);
  // Which Editar opened the form, so the keyboard goes back to that one.
  const editOpenedFrom = useRef<'header' | 'details'>('header');

  useEffect(() => {
    if (!focusTarget || isEditing) return;
    const target =
      focusTarget === 'edit'
        ? ((editOpenedFrom.current === 'details' ? detailsEditRef.current : null) ??
          headerEditRef.current)
        : ((focusTarget === 'variants' ? convertRef.current : null) ?? toggleRef.current);
    if (!target) return;
    target.focus();
    onFocused();
  }, [focusTarget, isEditing, onFocused]);

  // The collapsed row is plain elements styled by the CSS module: it is what the virtual list
  // mounts by the dozen while scrolling, and Mantine's per-element style variables cost a
  // style recalculation each. The expanded card and the form use Mantine.
  return (
    <article
      className={classes.entry}
      data-selected={(selectable && isSelected) || undefined}
      aria-label={title}
    >
      <div className={classes.entryHeader}>
        {selectable && (
          <input
            type="checkbox"
            className={classes.entryCheckbox}
            checked={isSelected}
            onChange={() => onToggleSelected(entry.id)}
            aria-label={format(es.entries.selectEntry, { term: title })}
          />
        )}
        <button
          ref={toggleRef}
          type="button"
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
          <span className={classes.entryTerms}>
            {base ? (
              <span className={classes.baseTerm}>{base}</span>
            ) : (
              <span className={classes.dimmed}>{es.entries.untitled}</span>
            )}
            {target && <span className={classes.dimmed}> — {target}</span>}
          </span>
          {entry.subindice && <span className={classes.subindice}>{entry.subindice}</span>}
          {entry.estado_revision !== 'borrador' && (
            <span className={classes.reviewBadge} data-estado={entry.estado_revision}>
              {es.entries.review.state[entry.estado_revision]}
            </span>
          )}
        </button>
        {!isEditing && (
          <span className={classes.entryActions}>
            {canWrite && (
              <button
                ref={headerEditRef}
                type="button"
                className={classes.iconButton}
                onClick={() => {
                  editOpenedFrom.current = 'header';
                  onEdit(entry.id);
                }}
                aria-label={format(es.entries.editLabel, { term: title })}
                title={es.entries.edit}
              >
                <IconEdit size={18} aria-hidden />
              </button>
            )}
            <button
              type="button"
              className={classes.iconButton}
              onClick={() => onHistory(entry)}
              aria-label={format(es.entries.historyLabel, { term: title })}
              title={es.entries.history}
            >
              <IconHistory size={18} aria-hidden />
            </button>
          </span>
        )}
      </div>

      {isEditing && fields && (
        <Stack mt="sm">
          <EntryForm
            fields={fields}
            entry={entry}
            withPrivateComments={entry.puede_ver_comentarios_privados}
            isSaving={isSaving}
            error={saveError}
            onSave={(input) => onSave(entry, input)}
            onCancel={() => onCancelEdit(entry.id)}
            label={format(es.entries.editLabel, { term: title })}
          />
        </Stack>
      )}

      {isExpanded && !isEditing && (
        <Stack mt="xs" gap="xs" id={detailsId}>
          <dl className={classes.fields}>
            {(fields ?? []).map((field) => {
              const lang = termLanguageOf(field.id);
              if (lang && hasTermDetails(entry.terminos, lang)) {
                return (
                  <FieldRow key={field.id} label={field.label} value={null}>
                    <TermList terms={entry.terminos} lang={lang} />
                  </FieldRow>
                );
              }
              const value = fieldValue(entry, field.id);
              if (field.id === 'variante' && canWrite && value?.trim()) {
                return (
                  <FieldRow key={field.id} label={field.label} value={null}>
                    <Stack gap={4} align="flex-start">
                      <span>{value}</span>
                      <Button
                        ref={convertRef}
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconArrowsSplit2 size={14} aria-hidden />}
                        onClick={() => onConvertVariants(entry)}
                        aria-label={format(es.entries.convertVariants.actionLabel, { term: title })}
                      >
                        {es.entries.convertVariants.action}
                      </Button>
                    </Stack>
                  </FieldRow>
                );
              }
              return <FieldRow key={field.id} label={field.label} value={value} />;
            })}
            {entry.comentarios_privados !== null && (
              <FieldRow label={es.entries.privateComments} value={entry.comentarios_privados} />
            )}
            <FieldRow label={es.entries.review.label} value={null}>
              <ReviewActions
                entry={entry}
                title={title}
                canWrite={canWrite}
                canApprove={canApprove}
                onReview={(estado) => onSave(entry, { estado_revision: estado })}
              />
            </FieldRow>
            <FieldRow label={es.entries.author} value={entry.autor} />
            <FieldRow label={es.entries.createdAt} value={formatDateTime(entry.fecha_creacion)} />
            {entry.id_externo !== null && (
              <FieldRow label={es.entries.externalId} value={entry.id_externo} />
            )}
            {originalRecord !== null && (
              <FieldRow label={es.entries.originalRecord} value={originalRecord} />
            )}
          </dl>
          <Group gap="xs">
            {canWrite && (
              <Button
                ref={detailsEditRef}
                size="xs"
                variant="light"
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={() => {
                  editOpenedFrom.current = 'details';
                  onEdit(entry.id);
                }}
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
    </article>
  );
});

/** An entry's review state and the changes the caller may make to it. */
function ReviewActions({
  entry,
  title,
  canWrite,
  canApprove,
  onReview,
}: {
  entry: Entry;
  title: string;
  canWrite: boolean;
  canApprove: boolean;
  onReview: (estado: ReviewState) => void;
}) {
  const labels = es.entries.review;
  const actions: Array<{ estado: ReviewState; label: string }> = [];
  if (canWrite && entry.estado_revision === 'borrador') {
    actions.push({ estado: 'en_revision', label: labels.send });
  }
  if (canApprove && entry.estado_revision !== 'aprobado') {
    actions.push({ estado: 'aprobado', label: labels.approve });
  }
  if (canWrite && entry.estado_revision !== 'borrador') {
    actions.push({ estado: 'borrador', label: labels.backToDraft });
  }
  return (
    <Group gap="xs">
      <span
        className={`${classes.reviewBadge} ${classes.reviewState}`}
        data-estado={entry.estado_revision}
      >
        {labels.state[entry.estado_revision]}
      </span>
      {actions.map(({ estado, label }) => (
        <Button
          key={estado}
          size="compact-xs"
          variant={estado === 'aprobado' ? 'filled' : 'default'}
          onClick={() => onReview(estado)}
          aria-label={format(labels.actionLabel, { action: label, term: title })}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

/** The language of a `termino.xx` field id, or null for any other field. */
function termLanguageOf(id: string): Language | null {
  return id.startsWith('termino.') ? (id.slice('termino.'.length) as Language) : null;
}

function FieldRow({
  label,
  value,
  children,
}: {
  label: string;
  value: string | null;
  children?: ReactNode;
}) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {children ?? value ?? (
          <Text span c="dimmed" size="sm">
            {es.entries.emptyValue}
          </Text>
        )}
      </dd>
    </>
  );
}
