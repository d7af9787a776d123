import type { CardField, Entry, EntryInput } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import {
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { conflictRows, mergedInput, theirsByDefault } from '../utils/entry-conflict.ts';

export interface EntryConflict {
  /** What the user tried to save. */
  mine: EntryInput;
  /** The entry as someone else saved it meanwhile. */
  theirs: Entry;
  /** The entry as the edit opened it, to tell who changed what. */
  base?: Entry | undefined;
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
  conflict: { mine, theirs, base },
  fields,
  saving,
  onSave,
  onDiscard,
}: Omit<EntryConflictModalProps, 'conflict' | 'onClose'> & { conflict: EntryConflict }) {
  const t = es.entries.conflict;
  const rows = useMemo(
    () => conflictRows(fields, mine, theirs, base),
    [fields, mine, theirs, base],
  );
  const [keepTheirs, setKeepTheirs] = useState<ReadonlySet<string>>(() => theirsByDefault(rows));
  const choose = (id: string, theirsWins: boolean) =>
    setKeepTheirs((current) => {
      const next = new Set(current);
      if (theirsWins) next.add(id);
      else next.delete(id);
      return next;
    });
  const changedBy = { them: t.changedByThem, you: t.changedByYou, both: t.changedByBoth };

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
      {rows.map((row) => (
        <Paper key={row.id} withBorder p="xs" component="section" aria-label={row.label}>
          <Group justify="space-between" gap="xs" mb={6}>
            <div>
              <Text size="sm" fw={600}>
                {row.label}
              </Text>
              {row.changedBy && (
                <Text size="xs" c="dimmed">
                  {changedBy[row.changedBy]}
                </Text>
              )}
            </div>
            <SegmentedControl
              size="xs"
              aria-label={format(t.choiceFor, { campo: row.label })}
              value={keepTheirs.has(row.id) ? 'theirs' : 'mine'}
              onChange={(value) => choose(row.id, value === 'theirs')}
              data={[
                { value: 'mine', label: t.keepMine },
                { value: 'theirs', label: t.keepTheirs },
              ]}
            />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <ConflictValue label={t.mine} value={row.mine} chosen={!keepTheirs.has(row.id)} />
            <ConflictValue label={t.theirs} value={row.theirs} chosen={keepTheirs.has(row.id)} />
          </SimpleGrid>
        </Paper>
      ))}
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

function ConflictValue({
  label,
  value,
  chosen,
}: {
  label: string;
  value: string;
  chosen: boolean;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={chosen ? 700 : 400}>
        {label}
      </Text>
      <Text
        size="sm"
        td={chosen ? undefined : 'line-through'}
        c={chosen ? undefined : 'dimmed'}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {value || es.entries.conflict.empty}
      </Text>
    </div>
  );
}
