import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { User } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { UserAvatar } from '@/components/ui/user-avatar.tsx';
import { SaveOutcomeAlert } from '@/components/ui/save-outcome-alert.tsx';
import { useSaveOutcome } from '@/components/ui/use-save-outcome.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';

export interface AvatarUploaderProps {
  user: User;
  onUploaded: (user: User) => void | Promise<void>;
}

const AVATAR_SIZE = 112;

/** Choose an image, see it in place of the current avatar, then upload it (or discard it). */
export function AvatarUploader({ user, onUploaded }: AvatarUploaderProps) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { outcome, setOutcome, save } = useSaveOutcome();
  const upload = useUploadAvatar({ onSuccess: onUploaded });

  const latest = useRef<File | null>(null);
  const resetInput = useRef<() => void>(null);

  /** A data: URL preview of the chosen file (nothing to revoke); null clears the choice. */
  const choose = (chosen: File | null) => {
    latest.current = chosen;
    setFile(chosen);
    setPreview(null);
    if (!chosen) {
      resetInput.current?.();
      return;
    }
    setOutcome(null);
    const reader = new FileReader();
    reader.onload = () => {
      if (latest.current === chosen) setPreview(String(reader.result));
    };
    reader.readAsDataURL(chosen);
  };

  const handleUpload = async () => {
    if (!file) return;
    await save(async () => {
      await upload.mutateAsync(file);
      choose(null);
    });
  };

  return (
    <Stack gap="sm" align="flex-start">
      {preview ? (
        <Avatar src={preview} alt={es.profile.avatarPreview} size={AVATAR_SIZE} radius="xl" />
      ) : (
        <UserAvatar
          email={user.email}
          displayName={user.display_name}
          avatarUrl={user.avatar_url}
          size={AVATAR_SIZE}
        />
      )}
      <Group gap="xs">
        <FileButton
          onChange={choose}
          resetRef={resetInput}
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        >
          {(props) => (
            <Button variant="default" size="sm" {...props}>
              {es.profile.avatarChoose}
            </Button>
          )}
        </FileButton>
        {file && (
          <>
            <Button
              size="sm"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
              onClick={() => void handleUpload()}
            >
              {es.profile.uploadAvatar}
            </Button>
            <Button
              size="sm"
              variant="subtle"
              onClick={() => choose(null)}
              disabled={upload.isPending}
            >
              {es.profile.avatarCancel}
            </Button>
          </>
        )}
      </Group>
      {file && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
      )}
      <Text size="xs" c="dimmed" maw={320}>
        {es.profile.avatarHelp}
      </Text>
      <SaveOutcomeAlert
        outcome={outcome}
        savedText={es.profile.avatarUpdated}
        errorTitle={es.profile.avatarError}
        compact
      />
    </Stack>
  );
}
