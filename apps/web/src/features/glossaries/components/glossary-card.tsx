import { GLOSSARY_DESCRIPTION_MAX, type Glossary } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCards, IconEdit, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { glossaryEntriesPath } from '@/config/paths.ts';
import { accessLabel, canEdit, canManage, entriesLabel } from '../utils/glossary-labels.ts';
import { GlossaryName } from './glossary-name.tsx';

export interface GlossaryCardProps {
  glossary: Glossary;
  isEditing: boolean;
  isSaving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (descripcion: string | null) => void;
  onShare: () => void;
}

/**
 * One glossary of /glosarios: 'name (es → en)', its description or '(Sin descripción)', who
 * owns it and the caller's access; Ver entradas (its entries on /entradas), the description
 * editor (Guardar / Guardando... / Cancelar) and Compartir, the last two offered only to those
 * who may use them.
 */
export function GlossaryCard({
  glossary,
  isEditing,
  isSaving,
  onEdit,
  onCancel,
  onSave,
  onShare,
}: GlossaryCardProps) {
  const [draft, setDraft] = useState(glossary.descripcion ?? '');
  const titleId = `glosario-${glossary.id}`;

  const startEditing = () => {
    setDraft(glossary.descripcion ?? '');
    onEdit();
  };

  return (
    <Paper component="article" withBorder p="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title
            order={2}
            size="h4"
            id={titleId}
            style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 16rem' }}
          >
            <GlossaryName glossary={glossary} />
          </Title>
          <Group gap={6}>
            {glossary.acceso !== 'propietario' && (
              <Badge variant="light" color={glossary.acceso === 'lector' ? 'gray' : 'ludo'}>
                {accessLabel(glossary.acceso)}
              </Badge>
            )}
            <Badge variant="outline" color="gray">
              {entriesLabel(glossary.num_entradas)}
            </Badge>
          </Group>
        </Group>
        {glossary.acceso !== 'propietario' && (
          <Text size="sm" c="dimmed">
            {format(es.glossaries.sharedBy, { name: glossary.propietario })}
          </Text>
        )}

        {isEditing ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              onSave(draft.trim() || null);
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={es.create.description}
                // The card's title says which glossary; the name is spoken, not repeated.
                aria-label={format(es.glossaries.descriptionLabel, { name: glossary.nombre })}
                value={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                autosize
                minRows={2}
                maxRows={8}
                maxLength={GLOSSARY_DESCRIPTION_MAX}
                disabled={isSaving}
                data-autofocus
                autoFocus
              />
              <Group gap="xs">
                <Button type="submit" disabled={isSaving}>
                  {isSaving ? es.glossaries.saving : es.glossaries.save}
                </Button>
                <Button variant="default" onClick={onCancel} disabled={isSaving}>
                  {es.glossaries.cancel}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Text
            c={glossary.descripcion ? undefined : 'dimmed'}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {glossary.descripcion || es.glossaries.noDescription}
          </Text>
        )}

        {!isEditing && (
          <Group gap="xs">
            <Button
              component={Link}
              to={glossaryEntriesPath(glossary.nombre_seguro)}
              variant="light"
              size="xs"
              leftSection={<IconCards size={16} aria-hidden />}
              aria-label={`${es.glossaries.viewEntries}: ${glossary.nombre}`}
            >
              {es.glossaries.viewEntries}
            </Button>
            {canEdit(glossary) && (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconEdit size={16} aria-hidden />}
                onClick={startEditing}
                aria-label={`${es.glossaries.editDescription}: ${glossary.nombre}`}
              >
                {es.glossaries.editDescription}
              </Button>
            )}
            {canManage(glossary) && (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconShare size={16} aria-hidden />}
                onClick={onShare}
                aria-label={`${es.glossaries.share}: ${glossary.nombre}`}
              >
                {es.glossaries.share}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
