import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { es, format } from '@ludoterm/contract/messages/es';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from '../content.module.css';

/** Date the legal texts were last revised, shown on every legal page. */
export const LEGAL_UPDATED = '22 de noviembre de 2026';

export interface LegalPageProps {
  title: string;
  /** The spec's back link: / when signed in, /login otherwise. */
  backTo: string;
  children: ReactNode;
}

export function LegalPage({ title, backTo, children }: LegalPageProps) {
  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} fw={600} className={classes.iconLink}>
        <IconArrowLeft size={16} aria-hidden />
        {es.legal.back}
      </Anchor>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="lg" className={classes.prose}>
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {format(es.legal.updated, { date: LEGAL_UPDATED })}
            </Text>
          </div>
          {children}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** One titled part of a legal text. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h3" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}
