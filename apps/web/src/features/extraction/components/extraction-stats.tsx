import type { ExtractionStats } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import classes from './extraction.module.css';

const number = (n: number) => n.toLocaleString('es-ES');

/** The statistics of one extraction (CONTRACT.md, Extractor), as a description list. */
export function ExtractionStatsPanel({ stats }: { stats: ExtractionStats }) {
  const items: Array<[string, string]> = [
    [es.extractor.statWords, number(stats.palabras)],
    [es.extractor.statTotal, number(stats.total_terminos)],
    [es.extractor.statUnique, number(stats.terminos_unicos)],
    [es.extractor.statFiltered, number(stats.terminos_filtrados)],
    [es.extractor.statMode, es.extractor.modeNames[stats.modo_stopwords]],
    [es.extractor.statLanguage, es.extractor.languageNames[stats.idioma]],
  ];
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="extractor-stats-title"
      h="100%"
    >
      <Title order={2} size="h4" id="extractor-stats-title" mb="sm">
        {es.extractor.statsTitle}
      </Title>
      <SimpleGrid
        component="dl"
        cols={{ base: 2, sm: 3 }}
        spacing="sm"
        verticalSpacing="sm"
        className={classes.stats}
      >
        {items.map(([label, value]) => (
          <div key={label} className={classes.stat}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="lg" fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
