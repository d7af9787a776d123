import { Avatar } from '@mantine/core';
import { es, format } from '@ludoterm/contract/messages/es';

export interface UserAvatarProps {
  email: string;
  displayName: string | null;
  avatarUrl: string | null;
  size?: number | 'sm' | 'md' | 'lg';
}

/** The name a user goes by: the display name, or the e-mail when there is none. */
export function userLabel(user: { email: string; display_name: string | null }): string {
  return user.display_name?.trim() || user.email;
}

/** The avatar image when there is one, else the initial of the display name or e-mail. */
export function UserAvatar({ email, displayName, avatarUrl, size = 'md' }: UserAvatarProps) {
  const name = displayName?.trim() || email;
  if (avatarUrl) {
    return (
      <Avatar src={avatarUrl} alt={format(es.shell.avatarAlt, { name })} radius="xl" size={size} />
    );
  }
  return (
    <Avatar radius="xl" size={size} color="ludo" variant="filled" aria-hidden>
      {name.charAt(0).toLocaleUpperCase('es')}
    </Avatar>
  );
}
