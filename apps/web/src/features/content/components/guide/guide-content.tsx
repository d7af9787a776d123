import { Anchor, Divider, List, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import classes from '../content.module.css';
import { CopySection } from './copy-section.tsx';
import { CreateSection } from './create-section.tsx';
import { DocutermSection } from './docuterm-section.tsx';
import { EntriesSection } from './entries-section.tsx';
import { ExportSection } from './export-section.tsx';
import { ExtractorSection } from './extractor-section.tsx';
import { GlossariesSection } from './glossaries-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { SearchSection } from './search-section.tsx';
import { TicketsSection } from './tickets-section.tsx';

/**
 * The quick guide (/guia). Each feature owns its section file in this folder; add or refine
 * yours there and list it here.
 */
const sections = [
  { id: 'guia-glosarios', title: 'Glosarios', Section: GlossariesSection },
  { id: 'guia-crear', title: 'Crear / Importar', Section: CreateSection },
  { id: 'guia-entradas', title: 'Entradas', Section: EntriesSection },
  { id: 'guia-buscar', title: 'Buscar', Section: SearchSection },
  { id: 'guia-copiar', title: 'Copiar Entradas', Section: CopySection },
  { id: 'guia-extractor', title: 'Extractor', Section: ExtractorSection },
  { id: 'guia-exportar', title: 'Exportar', Section: ExportSection },
  { id: 'guia-perfil', title: 'Perfil', Section: ProfileSection },
  { id: 'guia-tickets', title: 'Tickets de soporte', Section: TicketsSection },
  { id: 'guia-docuterm', title: 'La ficha DocuTerm', Section: DocutermSection },
] as const;

export function GuideContent() {
  return (
    <Stack gap="lg" className={classes.prose}>
      <Text size="lg">
        Un recorrido breve por cada pantalla de LudoTerm. El menú lateral lleva a todas ellas; en
        el móvil se abre con el botón de menú de la cabecera.
      </Text>
      <nav aria-labelledby="guia-indice">
        <Title order={2} size="h4" id="guia-indice">
          En esta guía
        </Title>
        <List size="sm" spacing={2} mt="xs">
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Anchor href={`#${section.id}`}>{section.title}</Anchor>
            </List.Item>
          ))}
        </List>
      </nav>
      {sections.map(({ id, Section }) => (
        <Fragment key={id}>
          <Divider />
          <Section />
        </Fragment>
      ))}
    </Stack>
  );
}
