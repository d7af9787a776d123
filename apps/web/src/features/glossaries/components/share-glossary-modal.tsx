import { zodResolver } from '@hookform/resolvers/zod';
import {
  addMemberInputSchema,
  type Glossary,
  type Member,
  type MemberRole,
} from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/error-message.ts';
import { useAddGlossaryMember } from '../api/add-glossary-member.ts';
import { useGlossaryMembers } from '../api/get-glossary-members.ts';
import { useRemoveGlossaryMember } from '../api/remove-glossary-member.ts';

type AddMemberForm = z.input<typeof addMemberInputSchema>;

const roleOptions = [
  { value: 'lector', label: es.glossaries.roleLector },
  { value: 'editor', label: es.glossaries.roleEditor },
  { value: 'revisor', label: es.glossaries.roleRevisor },
];
const shortRoleOptions = [
  { value: 'lector', label: es.glossaries.roleLectorShort },
  { value: 'editor', label: es.glossaries.roleEditorShort },
  { value: 'revisor', label: es.glossaries.roleRevisorShort },
];

type Notice = { kind: 'ok' | 'error'; text: string } | null;

export interface ShareGlossaryModalProps {
  /** The glossary to share; null keeps the modal closed. */
  glossary: Glossary | null;
  onClose: () => void;
}

/**
 * Compartir: who has access to a glossary, with their role (editor or lector) and whether
 * the invitation waits for that e-mail to register; add by e-mail, change a role, remove.
 */
export function ShareGlossaryModal({ glossary, onClose }: ShareGlossaryModalProps) {
  return (
    <Modal
      opened={glossary !== null}
      onClose={onClose}
      title={glossary ? format(es.glossaries.shareTitle, { name: glossary.nombre }) : ''}
      size="lg"
      styles={{ title: { fontWeight: 650, lineHeight: 1.35, overflowWrap: 'anywhere' } }}
      closeButtonProps={{ 'aria-label': es.glossaries.close }}
    >
      {glossary && <ShareGlossaryPanel glossary={glossary} />}
    </Modal>
  );
}

function ShareGlossaryPanel({ glossary }: { glossary: Glossary }) {
  const nombreSeguro = glossary.nombre_seguro;
  const members = useGlossaryMembers(nombreSeguro);
  const addMember = useAddGlossaryMember();
  const removeMember = useRemoveGlossaryMember();
  const [notice, setNotice] = useState<Notice>(null);
  const form = useForm<AddMemberForm>({
    resolver: zodResolver(addMemberInputSchema),
    defaultValues: { email: '', rol: 'lector' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleAdd = form.handleSubmit(async ({ email, rol }) => {
    const normalized = email.trim();
    try {
      await addMember.mutateAsync({ nombreSeguro, email: normalized, rol });
      setNotice({ kind: 'ok', text: format(es.glossaries.memberAdded, { email: normalized }) });
      form.reset({ email: '', rol });
    } catch (error) {
      setNotice({
        kind: 'error',
        text: format(es.glossaries.memberError, { detail: errorMessage(error) }),
      });
    }
  });

  const handleRoleChange = async (member: Member, rol: MemberRole) => {
    try {
      await addMember.mutateAsync({ nombreSeguro, email: member.email, rol });
      setNotice({ kind: 'ok', text: format(es.glossaries.memberAdded, { email: member.email }) });
    } catch (error) {
      setNotice({
        kind: 'error',
        text: format(es.glossaries.memberError, { detail: errorMessage(error) }),
      });
    }
  };

  const handleRemove = async (member: Member) => {
    try {
      await removeMember.mutateAsync({ nombreSeguro, member });
      setNotice({ kind: 'ok', text: format(es.glossaries.memberRemoved, { email: member.email }) });
    } catch (error) {
      setNotice({
        kind: 'error',
        text: format(es.glossaries.removeMemberError, { detail: errorMessage(error) }),
      });
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{es.glossaries.shareHelp}</Text>
      <form onSubmit={handleAdd} noValidate>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            type="email"
            label={es.glossaries.memberEmail}
            autoComplete="off"
            required
            error={errors.email?.message}
            style={{ flex: '1 1 14rem' }}
            {...form.register('email', { setValueAs: (v: string) => v.trim() })}
          />
          <NativeSelect
            label={es.glossaries.memberRole}
            data={roleOptions}
            style={{ flex: '0 1 13rem' }}
            {...form.register('rol')}
          />
          <Button
            type="submit"
            loading={isSubmitting}
            mt={{ base: 0, xs: 25 }}
            style={{ flex: '0 0 auto' }}
          >
            {es.glossaries.addMember}
          </Button>
        </Group>
      </form>

      <div role="status" aria-live="polite">
        {notice && (
          <Alert
            color={notice.kind === 'ok' ? 'green' : 'red'}
            variant="light"
            py="xs"
            styles={{ message: { whiteSpace: 'pre-wrap' } }}
          >
            {notice.text}
          </Alert>
        )}
      </div>

      <Stack gap="xs">
        <Title order={3} size="h5">
          {es.glossaries.members}
        </Title>
        {members.isPending && <Loader size="sm" aria-label={es.app.loading} />}
        {members.isError && (
          <Text c="red.9" size="sm" role="alert">
            {es.glossaries.membersLoadError}
          </Text>
        )}
        {members.data?.length === 0 && (
          <Text c="dimmed" size="sm">
            {es.glossaries.noMembers}
          </Text>
        )}
        {members.data && members.data.length > 0 && (
          <Stack
            component="ul"
            gap={0}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={es.glossaries.members}
          >
            {members.data.map((member) => (
              <Group
                component="li"
                key={member.email}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                py={8}
                style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {member.display_name ?? member.email}
                  </Text>
                  {member.display_name && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {member.email}
                    </Text>
                  )}
                  {member.pendiente && (
                    <Badge size="xs" variant="light" color="yellow" w="fit-content">
                      {es.glossaries.pending}
                    </Badge>
                  )}
                </Stack>
                <NativeSelect
                  size="xs"
                  aria-label={`${es.glossaries.memberRole}: ${member.email}`}
                  data={shortRoleOptions}
                  value={member.rol}
                  onChange={(event) =>
                    void handleRoleChange(member, event.currentTarget.value as MemberRole)
                  }
                  disabled={addMember.isPending}
                  w={96}
                />
                <Tooltip label={es.glossaries.removeMember}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={format(es.glossaries.removeMemberLabel, { email: member.email })}
                    onClick={() => void handleRemove(member)}
                    loading={
                      removeMember.isPending &&
                      removeMember.variables?.member.email === member.email
                    }
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
