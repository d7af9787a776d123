import {
  Alert,
  Button,
  FileInput,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createTicketFieldsSchema,
  TICKET_TYPES,
  type CreateTicketFields,
} from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { StatusText } from '@/components/ui/status-text.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCreateTicket } from '../api/create-ticket.ts';

const typeOptions = TICKET_TYPES.map((value) => ({ value, label: es.tickets.types[value] }));

type Outcome = { ok: true } | { ok: false; detail: string } | null;

/** /tickets: a new support ticket with an optional screenshot. */
export function TicketForm() {
  const createTicket = useCreateTicket();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<CreateTicketFields>({
    // The schema's default fills `tipo`; the form always sends one.
    resolver: zodResolver(createTicketFieldsSchema) as Resolver<CreateTicketFields>,
    defaultValues: { tipo: 'bug', descripcion: '', email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await createTicket.mutateAsync({ ...values, file });
      form.reset({ tipo: values.tipo, descripcion: '', email: values.email });
      setFile(null);
      setOutcome({ ok: true });
    } catch (error) {
      setOutcome({ ok: false, detail: errorMessage(error) });
    }
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={handleSubmit} noValidate aria-labelledby="titulo-nuevo-ticket">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="titulo-nuevo-ticket">
              {es.tickets.formTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {es.tickets.formHelp}
            </Text>
          </div>
          <NativeSelect
            label={es.tickets.type}
            data={typeOptions}
            error={errors.tipo?.message}
            maw={320}
            {...form.register('tipo')}
          />
          <Textarea
            label={es.tickets.description}
            placeholder={es.tickets.descriptionPlaceholder}
            required
            autosize
            minRows={4}
            maxRows={12}
            error={errors.descripcion?.message}
            {...form.register('descripcion')}
          />
          <TextInput
            type="email"
            label={es.tickets.email}
            description={es.tickets.emailHelp}
            autoComplete="email"
            error={errors.email?.message}
            maw={420}
            {...form.register('email')}
          />
          <FileInput
            label={es.tickets.image}
            description={es.tickets.imageHelp}
            placeholder={es.tickets.imagePlaceholder}
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            leftSection={<IconPhoto size={18} aria-hidden />}
            clearable
            value={file}
            onChange={setFile}
            maw={420}
          />
          {outcome?.ok && (
            <Alert color="green" variant="light" role="status">
              <StatusText text={es.tickets.sent} />
            </Alert>
          )}
          {outcome && !outcome.ok && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={<StatusText text={es.tickets.sendError} />}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {outcome.detail}
              </Text>
            </Alert>
          )}
          <div>
            <Button type="submit" loading={isSubmitting}>
              {es.tickets.submit}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
