import type {
  AddCandidatesAnswer,
  Candidate,
  ExtractionAnswer,
  ExtractionLanguage,
  Language,
} from '@ludoterm/contract';
import { es, format, plural } from '@ludoterm/contract/messages/es';
import { Button, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SectionCard } from '@/components/ui/section-card.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useAddCandidates } from '../api/add-candidates.ts';
import {
  DEFAULT_FILTERS,
  draftOf,
  otherLanguageOf,
  toCandidateInput,
  visibleCandidates,
  type CandidateDraft,
  type CandidateFilters,
} from '../utils/candidate-view.ts';
import { CandidateList } from './candidate-list.tsx';
import { CandidateToolbar } from './candidate-toolbar.tsx';
import { ExtractionStatsPanel } from './extraction-stats.tsx';
import { ExtractorForm } from './extractor-form.tsx';
import { FrequencyChart } from './frequency-chart.tsx';

/** The glossary candidates are added to, as the page's selector chose it. */
export interface TargetGlossary {
  nombre_seguro: string;
  nombre: string;
  idioma_origen: Language;
  idioma_meta: Language;
}

export interface ExtractorWorkspaceProps {
  glossary: TargetGlossary | null;
  /** The glossary selector (the page composes it), with the message to show under it. */
  renderGlossarySelector: (error: string | null) => ReactNode;
  /** Candidates were written to `glossary`: the page refreshes what lists entries. */
  onAdded?: (answer: AddCandidatesAnswer) => void;
}

/** How long the added-candidate notice stays (spec sections 4 and 9). */
export const NOTICE_MS = 3000;

interface Notice {
  tone: 'success' | 'error';
  text: string;
}

interface Result {
  answer: ExtractionAnswer;
  documentName: string | null;
  run: number;
}

function addedNotice(requested: number, answer: AddCandidatesAnswer): Notice {
  if (requested === 1) {
    return answer.añadidas === 1
      ? { tone: 'success', text: es.extractor.added }
      : { tone: 'success', text: es.extractor.alreadyThere };
  }
  if (answer.añadidas === 0)
    return { tone: 'success', text: plural(es.extractor.addedNone, answer.omitidas) };
  if (answer.omitidas === 0)
    return { tone: 'success', text: plural(es.extractor.addedMany, answer.añadidas) };
  return {
    tone: 'success',
    text: format(es.extractor.addedSkipped, {
      added: plural(es.extractor.addedPart, answer.añadidas),
      skipped: plural(es.extractor.skippedPart, answer.omitidas),
    }),
  };
}

const without = (set: ReadonlySet<string>, ids: Iterable<string>) => {
  const next = new Set(set);
  for (const id of ids) next.delete(id);
  return next;
};

/**
 * The extractor page's body: the form, then the statistics, the chart of the most frequent
 * candidates, the target glossary and the candidates (filter, sort, select, edit, add one or
 * many). 'Candidato añadido al glosario.' shows for 3 seconds; 'Selecciona un glosario
 * primero.' when there is no glossary; 'Error al añadir al glosario: {detail}' on failure.
 */
export function ExtractorWorkspace({
  glossary,
  renderGlossarySelector,
  onAdded,
}: ExtractorWorkspaceProps) {
  const [result, setResult] = useState<Result | null>(null);
  const [candidates, setCandidates] = useState<Candidate[]>([]);
  const [drafts, setDrafts] = useState<Record<string, CandidateDraft>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [addedTo, setAddedTo] = useState<Record<string, ReadonlySet<string>>>({});
  const [adding, setAdding] = useState<ReadonlySet<string>>(new Set());
  const [filters, setFilters] = useState<CandidateFilters>(DEFAULT_FILTERS);
  // The shown notice's toast, replaced by the next one.
  const noticeId = useRef<string | null>(null);
  const [glossaryError, setGlossaryError] = useState<string | null>(null);
  const addCandidates = useAddCandidates();
  const resultsRef = useRef<HTMLDivElement>(null);

  // A new answer: bring its statistics into view (the form above can be long).
  const run = result?.run;
  useEffect(() => {
    if (run === undefined) return;
    // After the list has mounted and measured itself (it may set the scroll position once).
    const frame = requestAnimationFrame(() =>
      resultsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [run]);

  const hideNotice = useCallback(() => {
    if (noticeId.current) notifications.hide(noticeId.current);
    noticeId.current = null;
  }, []);
  // A toast, not a banner in the page: it covers neither the filters nor the list.
  const setNotice = (notice: Notice | null) => {
    hideNotice();
    if (!notice) return;
    noticeId.current = showToast({
      ...notice,
      autoClose: notice.tone === 'success' ? NOTICE_MS : false,
    });
  };
  useEffect(() => hideNotice, [hideNotice]);

  const language: ExtractionLanguage = result?.answer.estadisticas.idioma ?? 'es';
  const otherLanguage = otherLanguageOf(language, glossary);
  const lacksLanguage =
    glossary !== null && glossary.idioma_origen !== language && glossary.idioma_meta !== language;
  const shown = useMemo(
    () => visibleCandidates(candidates, filters, language),
    [candidates, filters, language],
  );
  const added = (glossary && addedTo[glossary.nombre_seguro]) || new Set<string>();

  const clear = () => {
    setResult(null);
    setNotice(null);
  };

  const handleResult = (answer: ExtractionAnswer, documentName: string | null) => {
    setResult((previous) => ({ answer, documentName, run: (previous?.run ?? 0) + 1 }));
    setCandidates(answer.entradas);
    setDrafts({});
    setExpanded(new Set());
    setSelected(new Set());
    setAddedTo({});
    setFilters(DEFAULT_FILTERS);
  };

  const toggleExpanded = useCallback((id: string) => {
    setExpanded((current) => (current.has(id) ? without(current, [id]) : new Set(current).add(id)));
  }, []);
  const toggleSelected = useCallback((id: string, isSelected: boolean) => {
    setSelected((current) => (isSelected ? new Set(current).add(id) : without(current, [id])));
  }, []);
  const changeDraft = useCallback(
    (id: string, patch: Partial<CandidateDraft>) => {
      setDrafts((current) => {
        const candidate = candidates.find((c) => c.id === id);
        if (!candidate) return current;
        return { ...current, [id]: { ...(current[id] ?? draftOf(candidate, language)), ...patch } };
      });
    },
    [candidates, language],
  );

  const add = async (ids: readonly string[]) => {
    if (!result || ids.length === 0) return;
    if (!glossary) {
      setGlossaryError(es.extractor.selectGlossaryFirst);
      setNotice({ tone: 'error', text: es.extractor.selectGlossaryFirst });
      return;
    }
    if (lacksLanguage) {
      setNotice({
        tone: 'error',
        text: format(es.extractor.glossaryLacksLanguageClient, { lang: language }),
      });
      return;
    }
    const target = glossary;
    const byId = new Map(candidates.map((c) => [c.id, c]));
    const chosen = ids.map((id) => byId.get(id)).filter((c): c is Candidate => c !== undefined);
    setNotice(null);
    setAdding((current) => new Set([...current, ...ids]));
    try {
      const answer = await addCandidates.mutateAsync({
        nombreSeguro: target.nombre_seguro,
        body: {
          idioma: language,
          fuente: result.documentName,
          candidatos: chosen.map((c) => toCandidateInput(c, drafts[c.id], language, otherLanguage)),
        },
      });
      const written = answer.resultados.filter((r) => r.entrada_id !== null).map((r) => r.id ?? '');
      // Added or already there: either way the glossary now holds the term.
      const inGlossary = new Set(chosen.map((c) => c.id));
      setCandidates((current) =>
        current.map((c) =>
          inGlossary.has(c.id) && !c.en_glosarios.includes(target.nombre)
            ? {
                ...c,
                en_glosarios: [...c.en_glosarios, target.nombre].sort((a, b) =>
                  a.localeCompare(b, 'es'),
                ),
              }
            : c,
        ),
      );
      setAddedTo((current) => ({
        ...current,
        [target.nombre_seguro]: new Set([...(current[target.nombre_seguro] ?? []), ...written]),
      }));
      setSelected((current) => without(current, ids));
      setNotice(addedNotice(chosen.length, answer));
      onAdded?.(answer);
    } catch (error) {
      setNotice({
        tone: 'error',
        text: format(es.extractor.addError, { detail: errorMessage(error) }),
      });
    } finally {
      setAdding((current) => without(current, ids));
    }
  };

  const addOne = (id: string) => void add([id]);

  const stats = result?.answer.estadisticas;
  const truncated = stats !== undefined && candidates.length < stats.terminos_filtrados;
  const selectedCount = selected.size;

  return (
    <Stack gap="lg">
      <ExtractorForm onStart={clear} onResult={handleResult} />

      {result && stats ? (
        <>
          <SimpleGrid
            ref={resultsRef}
            cols={{ base: 1, md: 2 }}
            spacing="lg"
            style={{ scrollMarginTop: 80 }}
          >
            <ExtractionStatsPanel stats={stats} />
            {candidates.length > 0 ? (
              <FrequencyChart candidates={candidates} language={language} />
            ) : null}
          </SimpleGrid>

          <SectionCard p={{ base: 'sm', sm: 'lg' }} titleId="extractor-candidates-title">
            <Stack gap="md">
              <div>
                <Title order={2} size="h4" id="extractor-candidates-title">
                  {es.extractor.resultsTitle}
                </Title>
                {truncated ? (
                  <Text size="sm" c="dimmed">
                    {plural(es.extractor.truncated, candidates.length, {
                      total: stats.terminos_filtrados.toLocaleString('es-ES'),
                    })}
                  </Text>
                ) : null}
              </div>
              <Grid gutter="sm" align="flex-end">
                <Grid.Col span={{ base: 12, md: 6 }}>
                  {renderGlossarySelector(
                    glossary === null
                      ? glossaryError
                      : lacksLanguage
                        ? format(es.extractor.glossaryLacksLanguageClient, { lang: language })
                        : null,
                  )}
                </Grid.Col>
              </Grid>

              {candidates.length === 0 ? (
                <Text c="dimmed">{es.extractor.noCandidates}</Text>
              ) : (
                <>
                  <CandidateToolbar
                    filters={filters}
                    onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
                  />
                  <Group gap="xs" justify="space-between">
                    <Group gap="xs">
                      <Button
                        variant="default"
                        size="xs"
                        onClick={() => setSelected(new Set(shown.map((c) => c.id)))}
                        disabled={shown.length === 0}
                      >
                        {es.extractor.selectAll}
                      </Button>
                      <Button
                        variant="default"
                        size="xs"
                        onClick={() => setSelected(new Set())}
                        disabled={selectedCount === 0}
                      >
                        {es.extractor.clearSelection}
                      </Button>
                      <Text size="sm" c="dimmed" aria-live="polite">
                        {plural(es.extractor.selectedCount, selectedCount)}
                      </Text>
                    </Group>
                    <Button
                      leftSection={<IconPlaylistAdd size={18} aria-hidden />}
                      onClick={() => void add([...selected])}
                      disabled={selectedCount === 0}
                      loading={addCandidates.isPending && adding.size > 1}
                    >
                      {es.extractor.addSelected}
                    </Button>
                  </Group>
                  {shown.length === 0 ? (
                    <Text c="dimmed">{es.extractor.noMatches}</Text>
                  ) : (
                    <CandidateList
                      key={result.run}
                      candidates={shown}
                      language={language}
                      otherLanguage={otherLanguage}
                      drafts={drafts}
                      expanded={expanded}
                      selected={selected}
                      added={added}
                      adding={adding}
                      onToggleExpanded={toggleExpanded}
                      onToggleSelected={toggleSelected}
                      onDraftChange={changeDraft}
                      onAdd={addOne}
                    />
                  )}
                </>
              )}
            </Stack>
          </SectionCard>
        </>
      ) : null}
    </Stack>
  );
}
