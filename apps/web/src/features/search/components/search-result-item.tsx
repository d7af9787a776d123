import { isAvoidedStatus, type Language, type SearchResult } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { memo } from 'react';
import { TermList, hasTermDetails } from '@/components/ui/term-list.tsx';
import { formatDateTime } from '@/lib/format-date.ts';
import {
  cardFieldLabel,
  filledFields,
  queryForField,
  resultFieldValue,
  resultTitle,
} from '../utils/result-fields.ts';
import type { SearchRequest } from '../utils/search-request.ts';
import { HighlightedText } from './highlighted-text.tsx';
import classes from './search.module.css';

export interface SearchResultItemProps {
  result: SearchResult;
  request: SearchRequest;
  onCopy: (result: SearchResult) => void;
}

/**
 * One result: its two terms with the match marked, its glossary, and, when the match was in
 * another field, that field's text; expanded, the whole card, the private comments when the
 * server answered them, author and date, and 'Copiar a otro glosario'.
 */
export const SearchResultItem = memo(function SearchResultItem({
  result,
  request,
  onCopy,
}: SearchResultItemProps) {
  const title = resultTitle(result);
  const base = result.termino[result.idioma_origen];
  const target = result.termino[result.idioma_meta];
  const matched = result.campo_coincidente;
  const matchedText =
    matched && !matched.startsWith('termino.') ? resultFieldValue(result, matched) : null;
  const mark = (fieldId: string) => queryForField(request, fieldId);
  // The synonym that matched, when it is not the shown term (the server says which).
  const synonym = result.termino_coincidente;
  const matchedTerm = synonym
    ? result.terminos.find((t) => t.idioma === synonym.idioma && t.termino === synonym.termino)
    : undefined;
  const otherLang =
    synonym?.idioma === result.idioma_origen ? result.idioma_meta : result.idioma_origen;
  // A shown or matched term to avoid (a language with no preferred term shows its first).
  const avoided = result.terminos.filter(
    (t) =>
      isAvoidedStatus(t.estado) && (t.termino === result.termino[t.idioma] || t === matchedTerm),
  );

  return (
    <Accordion.Item value={String(result.id)} className={classes.item}>
      <Accordion.Control aria-label={format(es.search.showCard, { term: title })}>
        <Stack gap={4}>
          <Text fw={600} className={classes.terms}>
            {base ? (
              <HighlightedText text={base} query={mark(`termino.${result.idioma_origen}`)} />
            ) : (
              es.entries.untitled
            )}
            {target && (
              <>
                <span className={classes.arrow} aria-hidden>
                  →
                </span>
                <span lang={result.idioma_meta}>
                  <HighlightedText text={target} query={mark(`termino.${result.idioma_meta}`)} />
                </span>
              </>
            )}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="ludo" radius="sm" tt="none">
              {result.glosario} ({result.idioma_origen} → {result.idioma_meta})
            </Badge>
            {avoided.map((term) => (
              <Badge
                key={`${term.idioma}-${term.termino}`}
                variant="light"
                color={term.estado === 'prohibido' ? 'red' : 'orange'}
                radius="sm"
                tt="none"
              >
                {format(es.search.avoidTerm, {
                  lang: term.idioma,
                  status: es.entries.terms.status[term.estado],
                })}
              </Badge>
            ))}
            {result.subindice && (
              <Text size="sm" c="dimmed">
                <HighlightedText text={result.subindice} query={mark('subindice')} />
              </Text>
            )}
          </Group>
          {synonym && matchedTerm && (
            <div>
              {/* The usage note goes below, so the other language's term stays beside the match. */}
              <div className={classes.matchedTerm}>
                <Text span size="sm" c="dimmed">
                  {format(es.search.matchedTerm, { lang: synonym.idioma })}:
                </Text>
                <TermList terms={[{ ...matchedTerm, nota_uso: null }]} lang={synonym.idioma} />
                {result.termino[otherLang] && (
                  <Text span size="sm" lang={otherLang}>
                    <span className={classes.arrow} aria-hidden>
                      →
                    </span>
                    {result.termino[otherLang]}
                  </Text>
                )}
              </div>
              {matchedTerm.nota_uso && (
                <Text size="sm" c="dimmed" className={classes.terms}>
                  {matchedTerm.nota_uso}
                </Text>
              )}
            </div>
          )}
          {matchedText && matched && (
            <Text size="sm" className={classes.snippet}>
              <Text span size="sm" c="dimmed">
                {format(es.search.matchedIn, { field: cardFieldLabel(matched) })}:{' '}
              </Text>
              <HighlightedText text={matchedText} query={mark(matched)} />
            </Text>
          )}
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <dl className={classes.fields}>
            {filledFields(result).map((field) => {
              const lang = field.id.startsWith('termino.')
                ? (field.id.slice('termino.'.length) as Language)
                : null;
              return (
                <div key={field.id} style={{ display: 'contents' }}>
                  <dt>{field.label}</dt>
                  <dd>
                    {lang && hasTermDetails(result.terminos, lang) ? (
                      <TermList terms={result.terminos} lang={lang} />
                    ) : (
                      <HighlightedText text={field.value} query={mark(field.id)} />
                    )}
                  </dd>
                </div>
              );
            })}
            {/* The server answers them only to the entry's author and the glossary's owner. */}
            {result.comentarios_privados && (
              <>
                <dt>{es.entries.privateComments}</dt>
                <dd>{result.comentarios_privados}</dd>
              </>
            )}
            <dt>{es.entries.author}</dt>
            <dd>{result.autor}</dd>
            <dt>{es.entries.createdAt}</dt>
            <dd>{formatDateTime(result.fecha_creacion)}</dd>
          </dl>
          <Group>
            <Button
              variant="light"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => onCopy(result)}
              aria-label={format(es.search.copyLabel, { term: title })}
            >
              {es.search.copyToOther}
            </Button>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
});
