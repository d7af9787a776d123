import { Group, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADMIN_PAGE_SIZE,
  PLANS,
  ROLES,
  type AdminUser,
  type Plan,
  type Role,
} from '@ludoterm/contract';
import { es, format, plural } from '@ludoterm/contract/messages/es';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '@/lib/format-date.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useUpdateAdminUser } from '../api/update-admin-user.ts';
import {
  AdminRowSelect,
  AdminSaveButton,
  AdminTable,
  type AdminRowContext,
} from '@/components/ui/admin-table.tsx';

const roleOptions = ROLES.map((value) => ({ value, label: es.profile.roles[value] }));
const planOptions = PLANS.map((value) => ({ value, label: es.profile.plans[value] }));

const columns = [
  es.users.columnEmail,
  es.users.columnName,
  es.users.columnRole,
  es.users.columnPlan,
  es.users.columnTrial,
  es.users.columnCreated,
];

function trialText(user: AdminUser): string {
  if (user.plan !== 'pro_trial') return '—';
  if (!user.trial_remaining) return es.profile.trialEnded;
  return plural(es.users.trialDays, user.trial_remaining);
}

interface UserRowProps extends AdminRowContext {
  user: AdminUser;
  onUserUpdated?: (user: AdminUser) => void;
}

function UserRow({ user, layout, save, onUserUpdated }: UserRowProps) {
  const update = useUpdateAdminUser({ onSuccess: onUserUpdated });
  const [role, setRole] = useState<Role>(user.role);
  const [plan, setPlan] = useState<Plan>(user.plan);
  const dirty = role !== user.role || plan !== user.plan;

  const handleSave = async () => {
    // Only what changed: sending the same plan again would restart a trial.
    const saved = await save(() =>
      update.mutateAsync({
        id: user.id,
        input: { ...(role !== user.role ? { role } : {}), ...(plan !== user.plan ? { plan } : {}) },
      }),
    );
    if (!saved) {
      setRole(user.role);
      setPlan(user.plan);
    }
  };

  const roleSelect = (
    <AdminRowSelect
      layout={layout}
      label={es.users.columnRole}
      ariaLabel={format(es.users.roleOf, { email: user.email })}
      data={roleOptions}
      value={role}
      onChange={setRole}
    />
  );
  const planSelect = (
    <AdminRowSelect
      layout={layout}
      label={es.users.columnPlan}
      ariaLabel={format(es.users.planOf, { email: user.email })}
      data={planOptions}
      value={plan}
      onChange={setPlan}
    />
  );
  const saveButton = (
    <AdminSaveButton
      layout={layout}
      dirty={dirty}
      isPending={update.isPending}
      onClick={() => void handleSave()}
      ariaLabel={format(es.users.saveFor, { email: user.email })}
    >
      {es.users.save}
    </AdminSaveButton>
  );

  if (layout === 'card') {
    return (
      <>
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
      </>
    );
  }

  return (
    <>
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
    </>
  );
}

export interface UsersTableProps {
  /** Called after a change is saved (the page refreshes the header when it was the caller). */
  onUserUpdated?: (user: AdminUser) => void;
}

/** /usuarios: accounts filtered by e-mail, 5 per page, with role and plan editable. */
export function UsersTable({ onUserUpdated }: UsersTableProps) {
  const [filter, setFilter] = useState('');
  const [email] = useDebouncedValue(filter, 300);
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ pagina: page, email });

  return (
    <AdminTable
      title={es.users.usersTitle}
      titleId="titulo-usuarios"
      items={users.data?.users}
      total={users.data?.total ?? 0}
      page={page}
      pageSize={ADMIN_PAGE_SIZE}
      onPageChange={setPage}
      loadError={users.isError ? es.users.loadUsersError : null}
      emptyText={es.users.noUsers}
      columns={columns}
      minWidth={900}
      savedText={es.users.saved}
      saveErrorTitle={es.users.saveError}
      filter={
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
      }
      getKey={(user) => `${user.id}-${user.role}-${user.plan}`}
      renderItem={(user, context) => (
        <UserRow user={user} {...context} onUserUpdated={onUserUpdated} />
      )}
    />
  );
}
