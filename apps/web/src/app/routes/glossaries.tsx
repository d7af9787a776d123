import { Stack } from '@mantine/core';
import { useSession } from '@/features/auth/hooks/use-session.ts';
import { EmailConfirmationNotice } from '@/features/glossaries/components/email-confirmation-notice.tsx';
import { GlossaryAdmin } from '@/features/glossaries/components/glossary-admin.tsx';

/**
 * /glosarios — Glosarios: the user's glossaries, their descriptions and sharing; above them,
 * the invitations that wait for the user to confirm the address.
 */
export function GlossariesRoute() {
  const { user } = useSession();
  return (
    <Stack gap="md">
      {user && <EmailConfirmationNotice email={user.email} />}
      <GlossaryAdmin />
    </Stack>
  );
}
