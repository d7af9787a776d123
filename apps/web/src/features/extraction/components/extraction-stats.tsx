import type { ExtractionStats } from '@ludoterm/contract';
import { es } from '@ludoterm/contract/messages/es';
import { Text } from '@mantine/core';
import { SectionCard } from '@/components/ui/section-card.tsx';
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
    <SectionCard p="md" h="100%" titleId="extractor-stats-title" title={es.extractor.statsTitle}>
      <dl className={classes.stats}>
        {items.map(([label, value]) => (
          <div key={label} className={classes.stat}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" fw={600}>
              {value}
            </Text>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
