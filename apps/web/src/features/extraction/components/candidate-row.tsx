import {
  CANDIDATE_CATEGORIES,
  type Candidate,
  type CandidateCategory,
  type Language,
} from '@ludoterm/contract';
import { es, format, plural } from '@ludoterm/contract/messages/es';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  SimpleGrid,
  NativeSelect,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconBooks,
  IconCheck,
  IconChevronDown,
  IconChevronRight,
  IconPlus,
} from '@tabler/icons-react';
import { memo, useId } from 'react';
import type { CandidateDraft } from '../utils/candidate-view.ts';
import classes from './extraction.module.css';

export interface CandidateRowProps {
  candidate: Candidate;
  /** The text's language and the glossary's other one (the two term fields). */
  language: Language;
  otherLanguage: Language;
  draft: CandidateDraft;
  expanded: boolean;
  selected: boolean;
  /** Added to the chosen glossary in this session. */
  added: boolean;
  adding: boolean;
  onToggleExpanded: (id: string) => void;
  onToggleSelected: (id: string, selected: boolean) => void;
  onDraftChange: (id: string, patch: Partial<CandidateDraft>) => void;
  onAdd: (id: string) => void;
}

const categoryOptions = CANDIDATE_CATEGORIES.map((c) => ({
  value: c,
  label: es.extractor.categoryNames[c],
}));

/** The free-text fields under the terms, in the card's order. */
const textFields = [
  { field: 'definicion', label: es.extractor.definition, minRows: 2 },
  { field: 'contexto', label: es.extractor.context, minRows: 2 },
  { field: 'notas', label: es.extractor.notes, minRows: 1 },
] as const satisfies readonly { field: keyof CandidateDraft; label: string; minRows: number }[];

/**
 * One candidate: a line with its selection box, term, category, frequency, score, the
 * glossaries that already hold it and 'Añadir'; opened, the card fields the user may edit
 * before adding it (terms in both languages, category, definition, context, notes).
 */
export const CandidateRow = memo(function CandidateRow({
  candidate,
  language,
  otherLanguage,
  draft,
  expanded,
  selected,
  added,
  adding,
  onToggleExpanded,
  onToggleSelected,
  onDraftChange,
  onAdd,
}: CandidateRowProps) {
  const bodyId = useId();
  const term = draft.termino || candidate.termino[language as 'es' | 'en'] || '';
  const known = candidate.en_glosarios;
  const change = (patch: Partial<CandidateDraft>) => onDraftChange(candidate.id, patch);

  return (
    <div className={`${classes.row} ${selected ? classes.rowSelected : ''}`}>
      <div className={classes.rowHead}>
        <Checkbox
          aria-label={format(es.extractor.selectCandidate, { term })}
          checked={selected}
          onChange={(event) => onToggleSelected(candidate.id, event.currentTarget.checked)}
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={format(expanded ? es.extractor.collapse : es.extractor.expand, { term })}
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => onToggleExpanded(candidate.id)}
        >
          {expanded ? (
            <IconChevronDown size={18} aria-hidden />
          ) : (
            <IconChevronRight size={18} aria-hidden />
          )}
        </ActionIcon>
        <div className={classes.rowTerm}>
          <Text fw={600} className={classes.termText}>
            {term}
          </Text>
          <Badge variant="light" color="gray" size="sm" radius="sm">
            {es.extractor.categoryNames[draft.categoria]}
          </Badge>
          {known.length > 0 ? (
            <Tooltip
              label={format(es.extractor.inGlossariesLabel, { names: known.join(', ') })}
              withArrow
              multiline
              maw={320}
            >
              <Badge
                variant="light"
                color="teal"
                size="sm"
                radius="sm"
                leftSection={<IconBooks size={12} aria-hidden />}
                aria-label={format(es.extractor.inGlossariesLabel, { names: known.join(', ') })}
                style={{ maxWidth: '100%', textTransform: 'none' }}
              >
                {format(es.extractor.inGlossaries, { names: known.join(', ') })}
              </Badge>
            </Tooltip>
          ) : null}
        </div>
        <div className={classes.rowMeta}>
          <Text
            size="sm"
            c="dimmed"
            title={es.extractor.frequency}
            aria-label={plural(es.extractor.frequencyLabel, candidate.frecuencia)}
          >
            {format(es.extractor.frequencyShort, {
              n: candidate.frecuencia.toLocaleString('es-ES'),
            })}
          </Text>
          <Text size="sm" c="dimmed" className={classes.score} title={es.extractor.score}>
            {candidate.puntuacion.toLocaleString('es-ES', {
              minimumFractionDigits: 2,
              maximumFractionDigits: 2,
            })}
          </Text>
          {added ? (
            <Badge
              color="teal"
              variant="filled"
              size="lg"
              radius="sm"
              tt="none"
              leftSection={<IconCheck size={14} aria-hidden />}
            >
              {es.extractor.addedBadge}
            </Badge>
          ) : (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              aria-label={format(es.extractor.addLabel, { term })}
              onClick={() => onAdd(candidate.id)}
              loading={adding}
            >
              {es.extractor.add}
            </Button>
          )}
        </div>
      </div>
      {expanded ? (
        <div id={bodyId} className={classes.rowBody}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
            <TextInput
              label={format(es.extractor.termIn, { lang: language })}
              value={draft.termino}
              onChange={(event) => change({ termino: event.currentTarget.value })}
              required
            />
            <TextInput
              label={format(es.extractor.termIn, { lang: otherLanguage })}
              value={draft.otro}
              onChange={(event) => change({ otro: event.currentTarget.value })}
            />
            <NativeSelect
              label={es.extractor.category}
              data={categoryOptions}
              value={draft.categoria}
              onChange={(event) =>
                change({ categoria: event.currentTarget.value as CandidateCategory })
              }
            />
            <div>
              <Text size="sm" fw={500}>
                {es.extractor.variants}
              </Text>
              <Text
                size="sm"
                c={candidate.variante.length > 0 ? undefined : 'dimmed'}
                mt={6}
                style={{ overflowWrap: 'anywhere' }}
              >
                {candidate.variante.length > 0
                  ? candidate.variante.join('; ')
                  : es.extractor.noVariants}
              </Text>
            </div>
          </SimpleGrid>
          {textFields.map(({ field, label, minRows }) => (
            <Textarea
              key={field}
              mt="xs"
              label={label}
              value={draft[field]}
              onChange={(event) => change({ [field]: event.currentTarget.value })}
              autosize
              minRows={minRows}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
});
