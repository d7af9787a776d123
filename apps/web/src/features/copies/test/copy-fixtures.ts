import type { CopyAnswer, Entry, Glossary } from '@ludoterm/contract';

/** Typed API answers for the copies feature's tests. */
export const origin: Glossary = {
  id: 1,
  nombre: 'RPG Combate',
  nombre_seguro: 'rpg-combate',
  idioma_origen: 'es',
  idioma_meta: 'en',
  descripcion: null,
  propietario: 'Ana Torres',
  acceso: 'propietario',
  num_entradas: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

function entry(id: number, es: string, en: string): Entry {
  return {
    id,
    termino: { es, en },
    subindice: null,
    categoria: null,
    area: null,
    mecanismo: null,
    definicion: null,
    fuente: null,
    contexto_es: null,
    contexto_en: null,
    fuente_contexto_es: null,
    fuente_contexto_en: null,
    relaciones: null,
    variante: null,
    cuestiones_traductologicas: null,
    notas: null,
    comentarios_privados: null,
    autor: 'Ana Torres',
    fecha_creacion: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    origen: null,
  };
}

export const originEntries: Entry[] = [entry(10, 'arco', 'bow'), entry(11, 'espada', 'sword')];

export const copied: CopyAnswer = { copiadas: 1, omitidas: 1 };
