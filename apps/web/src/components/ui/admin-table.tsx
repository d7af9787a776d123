import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { es, format } from '@ludoterm/contract/messages/es';
import type { ReactNode } from 'react';
import { SaveOutcomeAlert } from './save-outcome-alert.tsx';
import { StatusText } from './status-text.tsx';
import { useSaveOutcome } from './use-save-outcome.ts';

/** A table row on wide screens, a card on phones. */
export type AdminRowLayout = 'row' | 'card';

export interface AdminRowContext {
  layout: AdminRowLayout;
  /**
   * Runs the row's save and shows how it went, once, above the rows (the server's detail when
   * it fails); resolves to whether it was saved.
   */
  save: (run: () => Promise<unknown>) => Promise<boolean>;
}

const controlLabels = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;

export interface AdminTableProps<T> {
  /** The section's heading; it also names the section and its pagination. */
  title: string;
  /** The heading's id, which the section points at. */
  titleId: string;
  /** The page's items; undefined until they load. */
  items: readonly T[] | undefined;
  /** How many items there are across every page. */
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Shown above the rows when the items could not be loaded. */
  loadError: string | null;
  emptyText: string;
  /** The headers of the data columns; a last one, visually hidden, holds the row's actions. */
  columns: readonly string[];
  /** How wide the table stays before it scrolls sideways. */
  minWidth: number;
  savedText: string;
  saveErrorTitle: string;
  /** Between the heading and the rows, e.g. a filter. */
  filter?: ReactNode;
  /** Changes with the server's values, so a saved row starts again from them. */
  getKey: (item: T) => string;
  /** One item's cells (`Table.Td`, layout 'row') or the inside of its card (layout 'card'). */
  renderItem: (item: T, context: AdminRowContext) => ReactNode;
}

/**
 * An editable admin list (/usuarios): heading with the total, the load error, how the last
 * save went, the rows as a table or, on phones, as cards, and the pages. It fetches nothing.
 */
export function AdminTable<T>({
  title,
  titleId,
  items,
  total,
  page,
  pageSize,
  onPageChange,
  loadError,
  emptyText,
  columns,
  minWidth,
  savedText,
  saveErrorTitle,
  filter,
  getKey,
  renderItem,
}: AdminTableProps<T>) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const { outcome, setOutcome, save } = useSaveOutcome();
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const renderItems = (layout: AdminRowLayout) =>
    items?.map((item) => {
      const content = renderItem(item, { layout, save });
      return layout === 'card' ? (
        <Paper key={getKey(item)} withBorder p="sm" radius="md" component="li">
          <Stack gap="xs">{content}</Stack>
        </Paper>
      ) : (
        <Table.Tr key={getKey(item)}>{content}</Table.Tr>
      );
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        {items && (
          <Text size="sm" c="dimmed">
            {format(es.users.total, { n: total })}
          </Text>
        )}
      </Group>
      {filter}
      {loadError && (
        <Alert color="red" variant="light" role="alert">
          <StatusText text={loadError} />
        </Alert>
      )}
      <SaveOutcomeAlert
        outcome={outcome}
        savedText={savedText}
        errorTitle={saveErrorTitle}
        onClose={() => setOutcome(null)}
      />
      {items && isPhone && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {renderItems('card')}
        </Stack>
      )}
      {/* Outside the list: a list holds only its items. */}
      {items && isPhone && items.length === 0 && <Text c="dimmed">{emptyText}</Text>}
      {items && !isPhone && (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
                <Table.Th>
                  <VisuallyHidden>{es.users.columnActions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {renderItems('row')}
              {items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + 1}>
                    <Text c="dimmed">{emptyText}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPageChange}
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
          getItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
          aria-label={format(es.users.pagination, { what: title.toLowerCase() })}
        />
      )}
    </Stack>
  );
}

interface AdminRowSelectProps<V extends string> {
  layout: AdminRowLayout;
  /** The column's name: a visible label on a card, where there is no header above it. */
  label: string;
  /** Names the field with its row, for a table where every row has one. */
  ariaLabel: string;
  data: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}

/** A choice in an editable row (a role, a state), labelled for both layouts. */
export function AdminRowSelect<V extends string>({
  layout,
  label,
  ariaLabel,
  data,
  value,
  onChange,
}: AdminRowSelectProps<V>) {
  return (
    <NativeSelect
      label={layout === 'card' ? label : undefined}
      aria-label={ariaLabel}
      data={data}
      value={value}
      // The options are exactly `data`, so the chosen value is one of its V values.
      onChange={(event) => onChange(event.currentTarget.value as V)}
      size="sm"
    />
  );
}

interface AdminSaveButtonProps {
  layout: AdminRowLayout;
  /** Whether the row differs from the server's values. */
  dirty: boolean;
  isPending: boolean;
  onClick: () => void;
  /** Names the button with its row, for a table where every row has one. */
  ariaLabel: string;
  children: ReactNode;
}

/** The save button of an editable row: usable only when the row changed, full width on a card. */
export function AdminSaveButton({
  layout,
  dirty,
  isPending,
  onClick,
  ariaLabel,
  children,
}: AdminSaveButtonProps) {
  return (
    <Button
      size="sm"
      onClick={onClick}
      disabled={!dirty}
      loading={isPending}
      aria-label={ariaLabel}
      fullWidth={layout === 'card'}
    >
      {children}
    </Button>
  );
}
