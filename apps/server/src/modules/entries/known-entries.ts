import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { duplicateKeyOf } from '../card/index.ts';
import { listKnownEntries } from './entries.repository.ts';

/** An entry's id (known once it is inserted) and its concept id. */
interface Slot {
  id: number | null;
  idExterno: string | null;
}

/** The entries with one term pair: the first of them, and whether any lacks a concept id. */
interface Pair {
  first: Slot;
  anyWithoutId: boolean;
}

/** Why a kept entry may repeat another: the same term pair, or the same concept id. */
export type DuplicateReason = 'mismos_terminos' | 'mismo_identificador';

/** What an import or a copy does with one new entry. */
export type Admission =
  | { verdict: 'skip' }
  | { verdict: 'add'; slot: Slot }
  /** Kept, but it may be the concept `other` is: reported so that a person decides. */
  | { verdict: 'possible-duplicate'; slot: Slot; other: Slot; reason: DuplicateReason };

export interface AdmissionKeys {
  termino_origen_plegado: string;
  termino_meta_plegado: string;
  id_externo: string | null;
}

/**
 * Decides each new entry of an import or copy against the glossary's entries and those added.
 * Skipped: a known concept id with its term pair, or the term pair of an entry without a concept
 * id (so re-importing an export adds nothing). Kept, reported as possible duplicates: the same
 * term pair under another concept id, or a known concept id with other terms (none overwritten).
 */
export class KnownEntries {
  readonly #pairs = new Map<string, Pair>();
  /** Each concept id's first entry and its term pair. */
  readonly #externalIds = new Map<string, { slot: Slot; pairKey: string }>();

  static async load(db: Kysely<Database>, glossaryId: number): Promise<KnownEntries> {
    const known = new KnownEntries();
    for (const row of await listKnownEntries(db, glossaryId)) {
      known.#remember(pairKeyOf(row), { id: row.id, idExterno: row.id_externo });
    }
    return known;
  }

  #remember(pairKey: string, slot: Slot): void {
    const pair = this.#pairs.get(pairKey);
    if (pair) pair.anyWithoutId ||= slot.idExterno === null;
    else this.#pairs.set(pairKey, { first: slot, anyWithoutId: slot.idExterno === null });
    if (slot.idExterno !== null && !this.#externalIds.has(slot.idExterno)) {
      this.#externalIds.set(slot.idExterno, { slot, pairKey });
    }
  }

  admit(entry: AdmissionKeys): Admission {
    const pairKey = pairKeyOf(entry);
    const pair = this.#pairs.get(pairKey);
    const sameId = entry.id_externo === null ? undefined : this.#externalIds.get(entry.id_externo);
    if (sameId?.pairKey === pairKey) return { verdict: 'skip' };
    if (!sameId && pair && (entry.id_externo === null || pair.anyWithoutId)) return { verdict: 'skip' };
    // Copied for the same reason as the pair key (duplicateKeyOf): it is kept for the whole import.
    const idExterno = entry.id_externo === null ? null : copyOf(entry.id_externo);
    const slot: Slot = { id: null, idExterno };
    this.#remember(pairKey, slot);
    if (sameId) return { verdict: 'possible-duplicate', slot, other: sameId.slot, reason: 'mismo_identificador' };
    return pair
      ? { verdict: 'possible-duplicate', slot, other: pair.first, reason: 'mismos_terminos' }
      : { verdict: 'add', slot };
  }
}

function pairKeyOf(entry: AdmissionKeys): string {
  return duplicateKeyOf(entry.termino_origen_plegado, entry.termino_meta_plegado);
}

/** The same text in a string of its own. */
function copyOf(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
