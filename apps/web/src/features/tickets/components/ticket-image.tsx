import { Image, Modal, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { es, format } from '@ludoterm/contract/messages/es';
import { useTicketImage } from '../api/get-ticket-image.ts';

export interface TicketImageProps {
  ticketId: number;
  path: string;
  /** Width of the thumbnail in pixels. */
  width?: number;
}

/** The screenshot of a ticket as a thumbnail that opens full size. */
export function TicketImage({ ticketId, path, width = 160 }: TicketImageProps) {
  const { data: url, isError } = useTicketImage(path);
  const [opened, modal] = useDisclosure(false);
  const alt = format(es.tickets.imageAlt, { id: ticketId });

  if (isError) {
    return (
      <Text size="sm" c="dimmed">
        {es.tickets.imageError}
      </Text>
    );
  }
  if (!url) return <Skeleton width={width} height={(width * 9) / 16} radius="sm" />;
  return (
    <>
      <UnstyledButton
        onClick={modal.open}
        aria-label={format(es.tickets.imageOpen, { id: ticketId })}
      >
        <Image
          src={url}
          alt={alt}
          w={width}
          maw="100%"
          radius="sm"
          fit="contain"
          bd="1px solid var(--mantine-color-gray-3)"
        />
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={modal.close}
        title={format(es.tickets.number, { id: ticketId })}
        size="auto"
        centered
      >
        <Image src={url} alt={alt} maw="min(90vw, 1600px)" mah="80vh" fit="contain" />
      </Modal>
    </>
  );
}
