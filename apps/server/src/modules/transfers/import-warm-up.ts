import type { ImportFormat, Language } from '@ludoterm/contract';
import { readImportFile, writeExport, type ExportEntry } from '@ludoterm/formats';
import { normalizeEntryInput } from '../entries/entry-card.ts';
import { deriveEntry, languagesOf } from '../entries/entry-writes.service.ts';

// A fresh import thread runs its readers, validation and derivation in V8's interpreter until
// the JIT has seen them enough: the first 100,000-entry TMX on a fresh thread took 4.4 s,
// the next ones 3.5–3.6 s (bench/import.bench.ts). So the import threads warm up once, a
// little after the server starts, on a few thousand made-up entries read from memory in every
// format; nothing touches the database.

/** What the import pools run to warm a thread up (import.routes.ts). */
export interface ImportWarmUpTask {
  tipo: 'calentar';
  /** As the thread's imports will derive (`ImportTask.withFields`). */
  withFields: boolean;
}

export function isWarmUpTask(task: object): task is ImportWarmUpTask {
  return 'tipo' in task && task.tipo === 'calentar';
}

/** Enough entries for the JIT to optimize the hot paths (2,000 did it as well as 5,000). */
const WARM_UP_ENTRIES = 2000;
const LANGS = { idioma_origen: 'es' as Language, idioma_meta: 'en' as Language };
const GLOSSARY = { ...LANGS, id: 0, nombre_seguro: 'calentamiento' };
const META = {
  ...LANGS,
  nombre: 'Calentamiento',
  nombre_seguro: 'calentamiento',
  descripcion: null,
};
const TERMS = [
  ['poción de maná', 'mana potion'],
  ['jefe final', 'final boss'],
  ['mazmorra', 'dungeon'],
  ['botín', 'loot'],
  ['punto de control', 'checkpoint'],
  ['habilidad pasiva', 'passive skill'],
] as const;

function* warmUpEntries(): Generator<ExportEntry> {
  for (let i = 0; i < WARM_UP_ENTRIES; i += 1) {
    const [es, en] = TERMS[i % TERMS.length]!;
    yield {
      termino: { es: `${es} ${i}`, en: `${en} ${i}` },
      categoria: 'sustantivo',
      area: i % 2 === 0 ? 'Juegos de rol' : 'Estrategia',
      definicion: `Elemento n.º ${i} del juego: «${es}», que el jugador usa o encuentra.`,
      contexto_es: i % 3 === 0 ? `El héroe encontró ${es} tras vencer al enemigo.` : null,
      contexto_en: i % 3 === 1 ? `The hero found the ${en} after the fight.` : null,
      notas: i % 4 === 0 ? 'Revisado.' : null,
    };
  }
}

/** Reads the made-up entries in `formatos` and validates and derives each: the entries read. */
export async function warmUpImport(
  { withFields }: ImportWarmUpTask,
  formatos: readonly ImportFormat[],
): Promise<number> {
  const langs = languagesOf(GLOSSARY);
  let read = 0;
  for (const formato of formatos) {
    const options = { ...LANGS, formato, maxBytes: Number.MAX_SAFE_INTEGER };
    let reading = await readImportFile(writeExport(formato, warmUpEntries(), META), options);
    // A delimited file is read in two passes, as the web app sends it: headers, then mapping.
    if (reading.tipo === 'cabeceras') {
      const mapping = reading.sugerencia;
      reading = await readImportFile(writeExport(formato, warmUpEntries(), META), {
        ...options,
        mapping,
      });
      if (reading.tipo === 'cabeceras') throw new Error('La sugerencia de columnas no sirvió.');
    }
    for await (const input of reading.entradas) {
      deriveEntry(GLOSSARY, normalizeEntryInput(langs, input), { withFields });
      read += 1;
    }
  }
  return read;
}
