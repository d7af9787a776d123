import { Anchor, Stack, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from '../content.module.css';

export interface GuideSectionProps {
  /** Anchor id, for the table of contents. */
  id: string;
  title: string;
  /** The page the section explains, and the text of the link to it. */
  to: string;
  linkLabel: string;
  children: ReactNode;
}

/** One section of the quick guide: what a page does, and a link to it. */
export function GuideSection({ id, title, to, linkLabel, children }: GuideSectionProps) {
  return (
    <section aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} id={id} size="h3">
          {title}
        </Title>
        {children}
        <Anchor component={Link} to={to} fw={600} className={classes.iconLink}>
          {linkLabel}
          <IconArrowRight size={16} aria-hidden />
        </Anchor>
      </Stack>
    </section>
  );
}
