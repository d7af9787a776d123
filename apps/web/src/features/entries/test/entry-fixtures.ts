import { cardFields, type Entry, type Glossary, type HistoryItem } from '@ludoterm/contract';

/** Typed API answers for the entries feature's tests. */
export const rpgGlossary: Glossary = {
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

export const readOnlyGlossary: Glossary = {
  ...rpgGlossary,
  id: 2,
  nombre_seguro: 'ajeno',
  acceso: 'lector',
};

export const esEnFields = cardFields('es', 'en');

const blank = {
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
  origen: null,
} satisfies Partial<Entry>;

export const espada: Entry = {
  ...blank,
  id: 10,
  termino: { es: 'espada', en: 'sword' },
  subindice: 'combate',
  definicion: 'Arma blanca de hoja larga.',
  comentarios_privados: 'Revisar con QA.',
  autor: 'Ana Torres',
  fecha_creacion: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

export const escudo: Entry = {
  ...blank,
  id: 11,
  termino: { es: 'escudo', en: 'shield' },
  autor: 'Luis Gómez',
  fecha_creacion: '2026-11-21T09:30:00.000Z',
  created_at: '2026-11-21T09:30:00.000Z',
  updated_at: '2026-11-21T09:30:00.000Z',
};

export const espadaHistory: HistoryItem[] = [
  {
    ...espada,
    termino: { es: 'espada', en: 'blade' },
    version: 1,
    fecha_version: '2026-11-20T10:00:00.000Z',
  },
  { ...espada, autor: 'Luis Gómez', version: 2, fecha_version: '2026-11-21T11:00:00.000Z' },
];
