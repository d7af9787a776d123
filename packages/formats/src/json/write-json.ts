import { type EntrySource, type ExportEntry, getField, type GlossaryMeta, nonTermFieldIds } from '../model.ts';
import { TextBatcher } from '../output/text-batcher.ts';

/** The `formato` marker of LudoTerm's JSON export; the reader imports such a file at once. */
export const JSON_EXPORT_FORMAT = 'ludoterm-glosario';
export const JSON_EXPORT_VERSION = 1;

export interface WriteJsonOptions {
  /** The export date written in `exportado_en` (now by default). */
  fecha?: Date;
}

const SERVER_FIELDS = ['autor', 'fecha_creacion', 'created_at', 'updated_at', 'origen'] as const;

/** One entry as the export writes it: id, both terms, the term list, every card field (null when empty), server fields. */
function exportObject(entry: ExportEntry, meta: GlossaryMeta): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (entry.id !== undefined) out['id'] = entry.id;
  out['termino'] = {
    [meta.idioma_origen]: getField(entry, `termino.${meta.idioma_origen}`),
    [meta.idioma_meta]: getField(entry, `termino.${meta.idioma_meta}`),
  };
  if (entry.terminos !== undefined) out['terminos'] = entry.terminos;
  if (entry.estado_revision !== undefined) out['estado_revision'] = entry.estado_revision;
  if (entry.id_externo !== undefined) out['id_externo'] = entry.id_externo;
  if (entry.registro_original !== undefined) out['registro_original'] = entry.registro_original;
  for (const id of nonTermFieldIds(meta)) out[id] = getField(entry, id);
  out['comentarios_privados'] = entry.comentarios_privados ?? null;
  for (const key of SERVER_FIELDS) if (entry[key] !== undefined) out[key] = entry[key];
  return out;
}

/** LudoTerm's JSON export, streamed one entry per line; reading it back gives the same entries. */
export async function* writeJson(
  entries: EntrySource,
  meta: GlossaryMeta,
  options: WriteJsonOptions = {},
): AsyncGenerator<string> {
  const glosario = {
    nombre: meta.nombre,
    nombre_seguro: meta.nombre_seguro,
    idioma_origen: meta.idioma_origen,
    idioma_meta: meta.idioma_meta,
    descripcion: meta.descripcion,
    num_entradas: meta.num_entradas ?? null,
  };
  const head =
    '{\n' +
    `  "formato": ${JSON.stringify(JSON_EXPORT_FORMAT)},\n` +
    `  "version": ${JSON_EXPORT_VERSION},\n` +
    `  "exportado_en": ${JSON.stringify((options.fecha ?? new Date()).toISOString())},\n` +
    `  "glosario": ${JSON.stringify(glosario)},\n` +
    '  "entradas": [';
  const batcher = new TextBatcher();
  batcher.push(head);
  let first = true;
  for await (const entry of entries) {
    const batch = batcher.push((first ? '\n    ' : ',\n    ') + JSON.stringify(exportObject(entry, meta)));
    first = false;
    if (batch) yield batch;
  }
  batcher.push(first ? ']\n}\n' : '\n  ]\n}\n');
  yield batcher.flush();
}
