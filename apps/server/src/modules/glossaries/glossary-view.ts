import {
  cardFields,
  type Glossary,
  type GlossaryAccess,
  type GlossaryConfig,
  type Language,
} from '@ludoterm/contract';
import type { GlossaryRow } from '../../db/schema.ts';
import { displayNameOf } from '../users/index.ts';

export function toGlossaryView(
  row: GlossaryRow,
  owner: { email: string; display_name: string | null },
  acceso: GlossaryAccess,
): Glossary {
  return {
    id: row.id,
    nombre: row.nombre,
    nombre_seguro: row.nombre_seguro,
    idioma_origen: row.idioma_origen as Language,
    idioma_meta: row.idioma_meta as Language,
    descripcion: row.descripcion,
    propietario: displayNameOf(owner),
    acceso,
    num_entradas: row.num_entradas,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** `GET …/configuracion`: the glossary's settings and its card (the DocuTerm default). */
export function toGlossaryConfigView(row: GlossaryRow, acceso: GlossaryAccess): GlossaryConfig {
  const origen = row.idioma_origen as Language;
  const meta = row.idioma_meta as Language;
  return {
    nombre: row.nombre,
    nombre_seguro: row.nombre_seguro,
    idioma_origen: origen,
    idioma_meta: meta,
    descripcion: row.descripcion,
    acceso,
    ficha: { campos: cardFields(origen, meta) },
  };
}
