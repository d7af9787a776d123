import { es } from '@ludoterm/contract/messages/es';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** 'No hay glosarios disponibles.' and the way out of it: a link to /crear. */
export function NoGlossaries({ size }: { size?: 'sm' }) {
  return (
    <Stack gap="xs" align="flex-start">
      <Text c="dimmed" size={size}>
        {es.glossaries.none}
      </Text>
      <Button
        component={Link}
        to={paths.create}
        variant="light"
        size="xs"
        leftSection={<IconPlus size={16} aria-hidden />}
      >
        {es.glossaries.createFirst}
      </Button>
    </Stack>
  );
}
