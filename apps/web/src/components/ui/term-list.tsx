import { isAvoidedStatus, type Language, type Term } from '@ludoterm/contract';
import { es, format } from '@ludoterm/contract/messages/es';
import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import classes from './term-list.module.css';

const STATUS_COLORS: Record<Term['estado'], string> = {
  preferido: 'teal',
  admitido: 'blue',
  desaconsejado: 'orange',
  prohibido: 'red',
};

/** Whether a language's terms say more than its one preferred full term. */
export function hasTermDetails(terms: readonly Term[], lang: Language): boolean {
  const own = terms.filter((t) => t.idioma === lang);
  if (own.length !== 1) return own.length > 1;
  const [term] = own as [Term];
  return (
    term.estado !== 'preferido' ||
    term.tipo !== 'termino_completo' ||
    term.categoria_gramatical !== null ||
    term.genero !== null ||
    term.numero !== null ||
    term.nota_uso !== null
  );
}

function detailsOf(term: Term): string {
  const labels = es.entries.terms;
  return [
    term.tipo !== 'termino_completo' ? labels.type[term.tipo] : null,
    term.categoria_gramatical ? labels.category[term.categoria_gramatical] : null,
    term.genero ? labels.gender[term.genero] : null,
    term.numero ? labels.number[term.numero] : null,
  ]
    .filter((label) => label !== null)
    .join(' · ');
}

/** A language's terms in order, each with its status; terms to avoid are struck through. */
export function TermList({ terms, lang }: { terms: readonly Term[]; lang: Language }) {
  const labels = es.entries.terms;
  return (
    <ul className={classes.termList} aria-label={format(labels.listLabel, { lang })}>
      {terms
        .filter((t) => t.idioma === lang)
        .map((term) => {
          const avoid = isAvoidedStatus(term.estado);
          const details = detailsOf(term);
          return (
            <li key={term.termino} className={classes.termItem}>
              {avoid ? (
                <span
                  className={classes.termAvoid}
                  title={format(labels.avoidWarning, { status: labels.status[term.estado] })}
                >
                  <IconAlertTriangle size={14} aria-hidden />
                  <s>{term.termino}</s>
                </span>
              ) : (
                <span className={classes.termText}>{term.termino}</span>
              )}{' '}
              <Badge size="xs" variant="light" color={STATUS_COLORS[term.estado]}>
                {labels.status[term.estado]}
              </Badge>
              {details && <span className={classes.termDetails}> {details}</span>}
              {term.nota_uso && <div className={classes.termNote}>{term.nota_uso}</div>}
            </li>
          );
        })}
    </ul>
  );
}
