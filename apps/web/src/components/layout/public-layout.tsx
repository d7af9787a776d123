import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { es } from '@ludoterm/contract/messages/es';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './public-layout.module.css';
import { SiteFooter } from './site-footer.tsx';

export interface PublicLayoutProps {
  contactEmail: string;
  /** Where the brand links to: / when signed in, /login otherwise. */
  homePath: string;
  size?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}

/** Pages outside the shell (sign-in, registration, legal texts): brand, content, footer. */
export function PublicLayout({ contactEmail, homePath, size = 'md', children }: PublicLayoutProps) {
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <Container size="md">
          <Group gap="xs" h={56}>
            <Anchor component={Link} to={homePath} underline="never" className={classes.brand}>
              {es.app.name}
            </Anchor>
            <Text span size="sm" fw={600} className={classes.beta}>
              {es.app.beta}
            </Text>
          </Group>
        </Container>
      </header>
      <Box component="main" id="contenido" className={classes.main}>
        <Container size={size} px="md">
          {children}
        </Container>
      </Box>
      <SiteFooter contactEmail={contactEmail} />
    </div>
  );
}
