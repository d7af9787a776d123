import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  ADMIN_PAGE_SIZE,
  PLANS,
  ROLES,
  type AdminUser,
  type Plan,
  type Role,
} from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useUpdateAdminUser } from '../api/update-admin-user.ts';
import { formatDate } from '../utils/format-date.ts';
import { SaveOutcomeAlert, type SaveOutcome } from '@/components/ui/save-outcome-alert.tsx';

const roleOptions = ROLES.map((value) => ({ value, label: es.profile.roles[value] }));
const planOptions = PLANS.map((value) => ({ value, label: es.profile.plans[value] }));

const controlLabels = {
  first: 'Primera página',
  previous: 'Página anterior',
  next: 'Página siguiente',
  last: 'Última página',
} as const;

function trialText(user: AdminUser): string {
  if (user.plan !== 'pro_trial') return '—';
  if (!user.trial_remaining) return es.profile.trialEnded;
  return format(es.users.trialDays, { n: user.trial_remaining });
}

interface UserRowProps {
  user: AdminUser;
  /** A table row on wide screens, a card on phones. */
  layout: 'row' | 'card';
  onOutcome: (outcome: SaveOutcome) => void;
  onUserUpdated?: (user: AdminUser) => void;
}

function UserRow({ user, layout, onOutcome, onUserUpdated }: UserRowProps) {
  const update = useUpdateAdminUser({ onSuccess: onUserUpdated });
  const [role, setRole] = useState<Role>(user.role);
  const [plan, setPlan] = useState<Plan>(user.plan);
  const dirty = role !== user.role || plan !== user.plan;

  const handleSave = async () => {
    onOutcome(null);
    try {
      // Only what changed: sending the same plan again would restart a trial.
      await update.mutateAsync({
        id: user.id,
        input: { ...(role !== user.role ? { role } : {}), ...(plan !== user.plan ? { plan } : {}) },
      });
      onOutcome({ ok: true });
    } catch (error) {
      setRole(user.role);
      setPlan(user.plan);
      onOutcome({ ok: false, detail: errorMessage(error) });
    }
  };

  const roleSelect = (
    <NativeSelect
      label={layout === 'card' ? es.users.columnRole : undefined}
      aria-label={format(es.users.roleOf, { email: user.email })}
      data={roleOptions}
      value={role}
      onChange={(event) => setRole(event.currentTarget.value as Role)}
      size="sm"
    />
  );
  const planSelect = (
    <NativeSelect
      label={layout === 'card' ? es.users.columnPlan : undefined}
      aria-label={format(es.users.planOf, { email: user.email })}
      data={planOptions}
      value={plan}
      onChange={(event) => setPlan(event.currentTarget.value as Plan)}
      size="sm"
    />
  );
  const saveButton = (
    <Button
      size="sm"
      disabled={!dirty}
      loading={update.isPending}
      onClick={() => void handleSave()}
      aria-label={format(es.users.saveFor, { email: user.email })}
      fullWidth={layout === 'card'}
    >
      {es.users.save}
    </Button>
  );

  if (layout === 'card') {
    return (
      <Paper withBorder p="sm" radius="md" component="li">
        <Stack gap="xs">
          <div>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            {user.display_name && (
              <Text size="sm" c="dimmed">
                {user.display_name}
              </Text>
            )}
          </div>
          <SimpleGrid cols={2} spacing="xs">
            {roleSelect}
            {planSelect}
          </SimpleGrid>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {es.users.columnTrial}: {trialText(user)}
            </Text>
            <Text size="xs" c="dimmed">
              {es.users.columnCreated}: {formatDate(user.created_at)}
            </Text>
          </Group>
          {saveButton}
        </Stack>
      </Paper>
    );
  }

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{user.display_name ?? '—'}</Text>
      </Table.Td>
      <Table.Td miw={190}>{roleSelect}</Table.Td>
      <Table.Td miw={170}>{planSelect}</Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {trialText(user)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(user.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>{saveButton}</Table.Td>
    </Table.Tr>
  );
}

export interface UsersTableProps {
  /** Called after a change is saved (the page refreshes the header when it was the caller). */
  onUserUpdated?: (user: AdminUser) => void;
}

/** /usuarios: accounts filtered by e-mail, 5 per page, with role and plan editable. */
export function UsersTable({ onUserUpdated }: UsersTableProps) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const [filter, setFilter] = useState('');
  const [email] = useDebouncedValue(filter, 300);
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ pagina: page, email });
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

  return (
    <Stack gap="sm" component="section" aria-labelledby="titulo-usuarios">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="titulo-usuarios">
          {es.users.usersTitle}
        </Title>
        {users.data && (
          <Text size="sm" c="dimmed">
            {format(es.users.total, { n: total })}
          </Text>
        )}
      </Group>
      <TextInput
        label={es.users.filterEmail}
        placeholder={es.users.filterPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter}
        onChange={(event) => {
          setFilter(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {users.isError && (
        <Alert color="red" variant="light" role="alert">
          {es.users.loadUsersError}
        </Alert>
      )}
      <SaveOutcomeAlert
        outcome={outcome}
        savedText={es.users.saved}
        errorTitle={es.users.saveError}
        onClose={() => setOutcome(null)}
      />
      {users.data && isPhone && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {users.data.users.map((user) => (
            <UserRow
              key={`${user.id}-${user.role}-${user.plan}`}
              user={user}
              layout="card"
              onOutcome={setOutcome}
              onUserUpdated={onUserUpdated}
            />
          ))}
          {users.data.users.length === 0 && <Text c="dimmed">{es.users.noUsers}</Text>}
        </Stack>
      )}
      {users.data && !isPhone && (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{es.users.columnEmail}</Table.Th>
                <Table.Th>{es.users.columnName}</Table.Th>
                <Table.Th>{es.users.columnRole}</Table.Th>
                <Table.Th>{es.users.columnPlan}</Table.Th>
                <Table.Th>{es.users.columnTrial}</Table.Th>
                <Table.Th>{es.users.columnCreated}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{es.users.columnActions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.users.map((user) => (
                // Keyed by role and plan, so a saved row starts again from the server's values.
                <UserRow
                  key={`${user.id}-${user.role}-${user.plan}`}
                  user={user}
                  layout="row"
                  onOutcome={setOutcome}
                  onUserUpdated={onUserUpdated}
                />
              ))}
              {users.data.users.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed">{es.users.noUsers}</Text>
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
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
          getItemProps={(n) => ({ 'aria-label': `Página ${n}` })}
          aria-label={format(es.users.pagination, { what: es.users.usersTitle.toLowerCase() })}
        />
      )}
    </Stack>
  );
}
