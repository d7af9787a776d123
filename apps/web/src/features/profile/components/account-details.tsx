import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { User } from '@ludoterm/contract';
import { es, plural } from '@ludoterm/contract/messages/es';
import type { ReactNode } from 'react';

const day = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' });

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The trial line of spec section 6: days remaining, or 'Prueba finalizada'. */
export function trialText(user: Pick<User, 'plan' | 'trial_remaining'>): string | null {
  if (user.plan !== 'pro_trial') return null;
  if (!user.trial_remaining) return es.profile.trialEnded;
  return plural(es.profile.trialDays, user.trial_remaining);
}

/** E-mail, role, plan with the trial days, and the sign-up date. */
export function AccountDetails({ user }: { user: User }) {
  const trial = trialText(user);
  const created = new Date(user.created_at);
  return (
    <Stack gap="md">
      <Detail label={es.profile.email}>{user.email}</Detail>
      <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
        <Detail label={es.profile.role}>{es.profile.roles[user.role]}</Detail>
        <Detail label={es.profile.plan}>{es.profile.plans[user.plan]}</Detail>
      </SimpleGrid>
      {trial && (
        <Text size="sm" fw={500} c={user.trial_remaining ? 'ludo.7' : 'red.9'}>
          {trial}
        </Text>
      )}
      <Detail label={es.profile.memberSince}>
        {Number.isNaN(created.getTime()) ? user.created_at : day.format(created)}
      </Detail>
    </Stack>
  );
}
