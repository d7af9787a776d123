import { cardFields, type Entry, type Glossary, type HistoryItem } from '@ludoterm/contract';
import { makeEntry, rpgGlossary } from '@/test/fixtures.ts';

/** Typed API answers for the entries feature's tests. */
export { rpgGlossary };

export const readOnlyGlossary: Glossary = {
  ...rpgGlossary,
  id: 2,
  nombre_seguro: 'ajeno',
  acceso: 'lector',
};

export const esEnFields = cardFields('es', 'en');

export const espada: Entry = makeEntry(10, 'espada', 'sword', {
  subindice: 'combate',
  definicion: 'Arma blanca de hoja larga.',
  comentarios_privados: 'Revisar con QA.',
});

export const escudo: Entry = makeEntry(11, 'escudo', 'shield', {
  autor: 'Luis Gómez',
  fecha_creacion: '2026-11-21T09:30:00.000Z',
  created_at: '2026-11-21T09:30:00.000Z',
  updated_at: '2026-11-21T09:30:00.000Z',
});

export const espadaHistory: HistoryItem[] = [
  {
    ...espada,
    termino: { es: 'espada', en: 'blade' },
    version: 1,
    fecha_version: '2026-11-20T10:00:00.000Z',
  },
  { ...espada, autor: 'Luis Gómez', version: 2, fecha_version: '2026-11-21T11:00:00.000Z' },
];
