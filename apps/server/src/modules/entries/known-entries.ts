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

/** What an import or a copy does with one new entry. */
export type Admission =
  | { verdict: 'skip' }
  | { verdict: 'add'; slot: Slot }
  /** Kept: same term pair as `other`, but another concept id, so maybe another concept. */
  | { verdict: 'possible-duplicate'; slot: Slot; other: Slot };

export interface AdmissionKeys {
  termino_origen_plegado: string;
  termino_meta_plegado: string;
  id_externo: string | null;
}

/**
 * The entries a glossary holds, and those an import or copy added, to decide for each new one.
 * A repeat is skipped: an entry with a known concept id, or one whose term pair an entry without
 * a concept id has (the rule from before concept ids, so re-importing an export adds nothing).
 * Same term pair but another concept id: kept, and reported as a possible duplicate.
 */
export class KnownEntries {
  readonly #pairs = new Map<string, Pair>();
  readonly #externalIds = new Set<string>();

  static async load(db: Kysely<Database>, glossaryId: number): Promise<KnownEntries> {
    const known = new KnownEntries();
    for (const row of await listKnownEntries(db, glossaryId)) {
      known.#remember(row, { id: row.id, idExterno: row.id_externo });
    }
    return known;
  }

  #remember(entry: AdmissionKeys, slot: Slot): void {
    const key = duplicateKeyOf(entry.termino_origen_plegado, entry.termino_meta_plegado);
    const pair = this.#pairs.get(key);
    if (pair) pair.anyWithoutId ||= entry.id_externo === null;
    else this.#pairs.set(key, { first: slot, anyWithoutId: entry.id_externo === null });
    if (entry.id_externo !== null) this.#externalIds.add(entry.id_externo);
  }

  admit(entry: AdmissionKeys): Admission {
    const pair = this.#pairs.get(
      duplicateKeyOf(entry.termino_origen_plegado, entry.termino_meta_plegado),
    );
    if (entry.id_externo !== null && this.#externalIds.has(entry.id_externo))
      return { verdict: 'skip' };
    if (pair && (entry.id_externo === null || pair.anyWithoutId)) return { verdict: 'skip' };
    const slot: Slot = { id: null, idExterno: entry.id_externo };
    this.#remember(entry, slot);
    return pair
      ? { verdict: 'possible-duplicate', slot, other: pair.first }
      : { verdict: 'add', slot };
  }
}
