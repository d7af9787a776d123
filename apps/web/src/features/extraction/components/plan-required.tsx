import { es } from '@ludoterm/contract/messages/es';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** What the free plan (or an ended trial) sees on /extractor instead of the form (spec section 6). */
export function PlanRequired() {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconLock size={20} aria-hidden />}
      role="alert"
      maw={720}
    >
      <Text fw={500}>{es.extractor.freePlan}</Text>
      <Anchor component={Link} to={paths.profile} size="sm" mt="xs" display="inline-block">
        {es.extractor.planLink}
      </Anchor>
    </Alert>
  );
}
