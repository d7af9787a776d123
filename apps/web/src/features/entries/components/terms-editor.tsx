import { TERM_MAX, TERM_STATUSES, TERM_TYPES, type Language, type Term } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import classes from './entries.module.css';

/** A term of the editor's list; `key` keeps React's rows stable while they move. */
export interface TermRow extends Term {
  key: number;
}

let nextKey = 1;

export function termRowOf(term: Term): TermRow {
  return { ...term, key: nextKey++ };
}

function blankRow(idioma: Language): TermRow {
  return termRowOf({
    idioma,
    termino: '',
    estado: 'admitido',
    tipo: 'termino_completo',
    categoria_gramatical: null,
    genero: null,
    numero: null,
    nota_uso: null,
  });
}

export interface TermsEditorProps {
  languages: readonly Language[];
  rows: readonly TermRow[];
  onChange: (rows: TermRow[]) => void;
  disabled: boolean;
}

/** The entry's other terms: add, remove and reorder them, each with its language, status and type. */
export function TermsEditor({ languages, rows, onChange, disabled }: TermsEditorProps) {
  const labels = es.entries.terms;
  const update = (index: number, change: Partial<Term>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  return (
    <Stack gap="xs" style={{ gridColumn: '1 / -1' }} role="group" aria-label={labels.others}>
      <div>
        <Text size="sm" fw={500}>
          {labels.others}
        </Text>
        <Text size="xs" c="dimmed">
          {labels.othersHelp}
        </Text>
      </div>
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <Group
            key={row.key}
            gap="xs"
            align="flex-end"
            wrap="wrap"
            className={classes.termRow}
            role="group"
            aria-label={format(labels.rowLabel, { n })}
          >
            <NativeSelect
              label={labels.language}
              value={row.idioma}
              data={languages.map((lang) => ({ value: lang, label: lang }))}
              onChange={(e) => update(index, { idioma: e.currentTarget.value as Language })}
              disabled={disabled}
              w={70}
            />
            <TextInput
              label={labels.term}
              value={row.termino}
              maxLength={TERM_MAX}
              onChange={(e) => update(index, { termino: e.currentTarget.value })}
              disabled={disabled}
              style={{ flex: '1 1 10rem' }}
            />
            <NativeSelect
              label={labels.statusLabel}
              value={row.estado}
              data={TERM_STATUSES.filter((s) => s !== 'preferido').map((s) => ({
                value: s,
                label: labels.status[s],
              }))}
              onChange={(e) => update(index, { estado: e.currentTarget.value as Term['estado'] })}
              disabled={disabled}
            />
            <NativeSelect
              label={labels.typeLabel}
              value={row.tipo}
              data={TERM_TYPES.map((t) => ({ value: t, label: labels.type[t] }))}
              onChange={(e) => update(index, { tipo: e.currentTarget.value as Term['tipo'] })}
              disabled={disabled}
            />
            <TextInput
              label={labels.usageNote}
              value={row.nota_uso ?? ''}
              onChange={(e) => update(index, { nota_uso: e.currentTarget.value || null })}
              disabled={disabled}
              style={{ flex: '1 1 10rem' }}
            />
            <Group gap={4} pb={4}>
              <ActionIcon
                variant="default"
                onClick={() => move(index, -1)}
                disabled={disabled || index === 0}
                aria-label={format(labels.moveUp, { n })}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                onClick={() => move(index, 1)}
                disabled={disabled || index === rows.length - 1}
                aria-label={format(labels.moveDown, { n })}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
                disabled={disabled}
                aria-label={format(labels.remove, { n })}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...rows, blankRow(languages[0]!)])}
          disabled={disabled}
        >
          {labels.add}
        </Button>
      </Group>
    </Stack>
  );
}
