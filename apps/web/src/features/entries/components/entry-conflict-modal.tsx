import type { CardField, Entry, EntryInput } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Button, Group, Modal, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { conflictRows, mergedInput } from '../utils/entry-conflict.ts';

export interface EntryConflict {
  /** What the user tried to save. */
  mine: EntryInput;
  /** The entry as someone else saved it meanwhile. */
  theirs: Entry;
}

interface EntryConflictModalProps {
  conflict: EntryConflict | null;
  fields: readonly CardField[];
  saving: boolean;
  /** Saves this input over the version the other person saved. */
  onSave: (input: EntryInput, version: number) => void;
  /** Drops the user's edit and keeps what is saved. */
  onDiscard: () => void;
  /** Back to the edit form, nothing saved. */
  onClose: () => void;
}

/** Both versions of an edited entry side by side, to keep either value field by field. */
export function EntryConflictModal({ conflict, ...props }: EntryConflictModalProps) {
  const t = es.entries.conflict;
  return (
    <Modal
      opened={conflict !== null}
      onClose={props.onClose}
      title={t.title}
      size="xl"
      closeButtonProps={{ 'aria-label': es.entries.cancel }}
    >
      {conflict && <ConflictChoices key={conflict.theirs.version} conflict={conflict} {...props} />}
    </Modal>
  );
}

function ConflictChoices({
  conflict: { mine, theirs },
  fields,
  saving,
  onSave,
  onDiscard,
}: Omit<EntryConflictModalProps, 'conflict' | 'onClose'> & { conflict: EntryConflict }) {
  const t = es.entries.conflict;
  const rows = useMemo(() => conflictRows(fields, mine, theirs), [fields, mine, theirs]);
  const [keepTheirs, setKeepTheirs] = useState<ReadonlySet<string>>(new Set());
  const choose = (id: string, theirsWins: boolean) =>
    setKeepTheirs((current) => {
      const next = new Set(current);
      if (theirsWins) next.add(id);
      else next.delete(id);
      return next;
    });
  const shown = (value: string) => value || t.empty;

  return (
    <Stack gap="sm">
      <Text size="sm">{format(t.intro, { autor: theirs.autor, version: theirs.version })}</Text>
      <Group gap="xs">
        <Button size="compact-sm" variant="default" onClick={() => setKeepTheirs(new Set())}>
          {t.allMine}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() => setKeepTheirs(new Set(rows.map((r) => r.id)))}
        >
          {t.allTheirs}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="22%">{t.field}</Table.Th>
              <Table.Th>{t.mine}</Table.Th>
              <Table.Th>{t.theirs}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.label}
                  </Text>
                  <SegmentedControl
                    mt={4}
                    size="xs"
                    aria-label={format(t.choiceFor, { campo: row.label })}
                    value={keepTheirs.has(row.id) ? 'theirs' : 'mine'}
                    onChange={(value) => choose(row.id, value === 'theirs')}
                    data={[
                      { value: 'mine', label: t.keepMine },
                      { value: 'theirs', label: t.keepTheirs },
                    ]}
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {shown(row.mine)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {shown(row.theirs)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDiscard} disabled={saving}>
          {t.discard}
        </Button>
        <Button
          loading={saving}
          onClick={() => onSave(mergedInput(fields, mine, theirs, keepTheirs), theirs.version)}
        >
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}
