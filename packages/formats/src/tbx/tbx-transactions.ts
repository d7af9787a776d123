import type { OriginalRecord } from '@ludoterm/contract';
import { cleanXmlText } from '../xml/xml-text.ts';
import { attribute, textContent, type XmlElement } from '../xml/xml-units.ts';

// Who created and changed a concept in the termbase a TBX file comes from (transacGrp), kept as
// the entry's original record beside who imported it.

export interface Transaction {
  kind: 'origination' | 'modification';
  by: string | null;
  date: string | null;
  /** Given on the concept itself rather than on one of its languages or terms. */
  onConcept: boolean;
}

const TEXT_MAX = { by: 200, date: 100 } as const;

function clipped(value: string | null, max: number): string | null {
  if (value === null) return null;
  const text = cleanXmlText(value, false);
  return text === null ? null : text.slice(0, max);
}

function kindOf(value: string): Transaction['kind'] | null {
  const key = value.trim().toLowerCase();
  if (key === 'origination' || key === 'creation') return 'origination';
  return key === 'modification' ? 'modification' : null;
}

/** A `<transacGrp>` as a transaction, or null when it is neither a creation nor a change. */
export function readTransaction(group: XmlElement, onConcept: boolean): Transaction | null {
  let kind: Transaction['kind'] | null = null;
  let by: string | null = null;
  let date: string | null = null;
  for (const child of group.children) {
    if (typeof child === 'string') continue;
    const text = textContent(child);
    if (child.name === 'transac') {
      // TBX writes `<transac type="transactionType">origination</transac>`; MultiTerm writes
      // the kind as the type and who did it as the text.
      const type = kindOf(attribute(child, 'type') ?? '');
      if (type !== null) {
        kind = type;
        by ??= clipped(text, TEXT_MAX.by);
      } else {
        kind = kindOf(text) ?? kind;
      }
    } else if (child.name === 'transacNote') {
      by ??= clipped(text, TEXT_MAX.by);
    } else if (child.name === 'date') {
      date ??= clipped(text, TEXT_MAX.date);
    }
  }
  return kind === null || (by === null && date === null) ? null : { kind, by, date, onConcept };
}

/**
 * The concept's creation and last change: the concept's own transactions when it has them, else
 * the earliest creation and latest change among its languages and terms.
 */
export function recordFromTransactions(transactions: readonly Transaction[]): OriginalRecord | null {
  if (transactions.length === 0) return null;
  const own = transactions.filter((t) => t.onConcept);
  const pool = own.length > 0 ? own : transactions;
  const byDate = (a: Transaction, b: Transaction) => (a.date ?? '').localeCompare(b.date ?? '');
  const created = pool.filter((t) => t.kind === 'origination').sort(byDate)[0];
  const changed = pool
    .filter((t) => t.kind === 'modification')
    .sort(byDate)
    .at(-1);
  return {
    creado_por: created?.by ?? null,
    creado_en: created?.date ?? null,
    modificado_por: changed?.by ?? null,
    modificado_en: changed?.date ?? null,
  };
}
