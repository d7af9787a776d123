import { Paper, Title, type PaperProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps extends PaperProps {
  /** The id of the heading that names the section. */
  titleId: string;
  /** The section's heading, put first; without it the children hold the heading with `titleId`. */
  title?: ReactNode;
  children: ReactNode;
}

/** A page section drawn as a bordered card and named by its heading. */
export function SectionCard({ titleId, title, children, ...paperProps }: SectionCardProps) {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby={titleId}
      {...paperProps}
    >
      {title !== undefined && (
        <Title order={2} size="h4" id={titleId} mb="sm">
          {title}
        </Title>
      )}
      {children}
    </Paper>
  );
}
