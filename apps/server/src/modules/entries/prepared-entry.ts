import type { EntryInput, ReviewState } from '@ludoterm/contract';
import type { GlossaryRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  deriveColumns,
  languagesOf,
  normalizeEntryInput,
  fichaJson,
  provenanceOf,
  type DerivedColumns,
  type NormalizedEntry,
  type Provenance,
} from '../card/index.ts';

// An entry on its way in: who writes it, what trusted callers may set, and the columns derived
// from its card, checked before any row is written.

export type WriteGlossary = Pick<
  GlossaryRow,
  'id' | 'nombre_seguro' | 'idioma_origen' | 'idioma_meta'
>;

/** Who writes: the user's id and the name written as `autor` (display name, else e-mail). */
export interface EntryActor {
  id: number | null;
  nombre: string;
  /** May set entries `aprobado` (the glossary's owner, an admin or a revisor). */
  canApprove?: boolean;
}

export interface EntryOrigin {
  glossaryId: number;
  /** The source glossary's nombre_seguro. */
  glosario: string;
  entradaId: number;
  version: number;
}

/** One entry for the bulk form: the input as written, plus what trusted callers may set. */
export interface NewEntry {
  input: EntryInput;
  origen?: EntryOrigin | null;
  /** Importers that carry authorship (our own export) may keep it; otherwise the actor's. */
  autor?: string;
  fecha_creacion?: string;
  /** The state an import's file gives; new entries are otherwise drafts. */
  estado_revision?: ReviewState;
  provenance?: Provenance;
}

/** An entry validated and derived, ready to insert; the card as the JSON stored in `ficha`. */
export interface PreparedEntry
  extends Omit<NormalizedEntry, 'card' | 'terms'>, DerivedColumns, Provenance {
  ficha: string;
  origen: EntryOrigin | null;
  autor: string | null;
  fecha_creacion: string | null;
  estado_revision: ReviewState;
}

/** A validation failure of one entry of a batch: `index` is its position in the inputs. */
export class EntryValidationError extends AppError {
  readonly index: number;
  constructor(index: number, cause: AppError) {
    super(
      cause.code,
      typeof cause.detail === 'string' ? `Entrada ${index + 1}: ${cause.detail}` : cause.detail,
    );
    this.index = index;
  }
}

/** Derives the stored columns of an entry already validated by `normalizeEntryInput`. */
export function deriveEntry(
  glossary: Pick<GlossaryRow, 'idioma_origen' | 'idioma_meta'>,
  { card, terms, comentarios_privados, avisos }: NormalizedEntry,
  { origen, autor, fecha_creacion, estado_revision, provenance }: Omit<NewEntry, 'input'> = {},
): PreparedEntry {
  // Spelled out, not spread: a spread object extended later gets a new V8 hidden class each time.
  const columns = deriveColumns(languagesOf(glossary), card);
  return {
    termino_origen_plegado: columns.termino_origen_plegado,
    termino_meta_plegado: columns.termino_meta_plegado,
    subindice_plegado: columns.subindice_plegado,
    clave_orden: columns.clave_orden,
    fields: columns.fields,
    id_externo: provenance?.id_externo ?? null,
    registro_original: provenance?.registro_original ?? null,
    ficha: fichaJson(card, terms),
    comentarios_privados,
    avisos,
    origen: origen ?? null,
    autor: autor ?? null,
    fecha_creacion: fecha_creacion ?? null,
    estado_revision: estado_revision ?? 'borrador',
  };
}

/** Validates and derives entries; throws EntryValidationError naming the entry. */
export function prepareEntries(
  glossary: Pick<GlossaryRow, 'idioma_origen' | 'idioma_meta'>,
  entries: readonly NewEntry[],
): PreparedEntry[] {
  return entries.map((entry, index) => {
    try {
      const normalized = normalizeEntryInput(languagesOf(glossary), entry.input);
      return deriveEntry(glossary, normalized, { ...entry, provenance: provenanceOf(entry.input) });
    } catch (error) {
      throw error instanceof AppError ? new EntryValidationError(index, error) : error;
    }
  });
}
