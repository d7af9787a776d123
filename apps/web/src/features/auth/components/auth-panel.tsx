import { Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const highlights = [
  'Glosarios bilingües en español, inglés, francés y alemán.',
  'Fichas DocuTerm completas, con historial de versiones.',
  'Importa y exporta CSV, JSON, TMX y más; extrae candidatos de tus textos.',
  'Comparte glosarios con tu equipo o tu clase.',
] as const;

/** Sign-in and registration: the form beside a short presentation (the form first on a phone). */
export function AuthPanel({ children }: { children: ReactNode }) {
  return (
    <Grid gutter={{ base: 'xl', md: 48 }} align="center">
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} bg="white">
          {children}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
        <Stack gap="md">
          <Title order={2} size="h3">
            Terminología de videojuegos, ficha a ficha
          </Title>
          <Text>
            LudoTerm es una herramienta en español para traductores, terminólogos, lingüistas y
            estudiantes que trabajan con glosarios bilingües.
          </Text>
          <List
            spacing="xs"
            icon={
              <ThemeIcon size={22} radius="xl" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {highlights.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
