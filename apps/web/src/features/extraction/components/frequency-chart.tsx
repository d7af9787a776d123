import type { Candidate, ExtractionLanguage } from '@ludoterm/contract';
import { es, plural } from '@ludoterm/contract/messages/es';
import { Paper, Text, Title } from '@mantine/core';
import { mostFrequent, termOf } from '../utils/candidate-view.ts';
import classes from './extraction.module.css';

export interface FrequencyChartProps {
  candidates: readonly Candidate[];
  language: ExtractionLanguage;
  /** Bars at most. */
  count?: number;
}

/**
 * A horizontal bar chart of the most frequent candidates, drawn with CSS (no chart library
 * in the bundle). It is a list: screen readers read each term with its count; the bars are
 * decoration.
 */
export function FrequencyChart({ candidates, language, count = 12 }: FrequencyChartProps) {
  const top = mostFrequent(candidates, count);
  const max = Math.max(1, ...top.map((c) => c.frecuencia));
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="figure"
      m={0}
      aria-labelledby="extractor-chart-title"
      h="100%"
    >
      <Title order={2} size="h4" id="extractor-chart-title" mb="sm" component="figcaption">
        {es.extractor.chartTitle}
      </Title>
      <ol className={classes.chart}>
        {top.map((c) => {
          const term = termOf(c, language);
          return (
            <li
              key={c.id}
              className={classes.chartRow}
              aria-label={plural(es.extractor.chartItem, c.frecuencia, { term })}
            >
              <Text size="sm" className={classes.chartLabel} title={term} aria-hidden>
                {term}
              </Text>
              <span className={classes.chartTrack} aria-hidden>
                <span
                  className={classes.chartBar}
                  style={{ width: `${(c.frecuencia / max) * 100}%` }}
                />
              </span>
              <Text size="sm" fw={600} className={classes.chartValue} aria-hidden>
                {c.frecuencia.toLocaleString('es-ES')}
              </Text>
            </li>
          );
        })}
      </ol>
    </Paper>
  );
}
