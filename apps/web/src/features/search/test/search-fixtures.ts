import type { SearchField, SearchResult } from '@ludoterm/contract';

/** Typed API answers for the search feature's tests. */
export const manaPotion: SearchResult = {
  id: 11,
  termino: { es: 'Poción de maná', en: 'mana potion' },
  subindice: 'objeto',
  categoria: 'sintagma nominal',
  area: null,
  mecanismo: null,
  definicion: 'Poción que restaura el maná.',
  fuente: null,
  contexto_es: 'Bebe una poción de maná.',
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
  glosario: 'RPG de acción',
  nombre_seguro: 'rpg-de-accion',
  idioma_origen: 'es',
  idioma_meta: 'en',
  campo_coincidente: 'termino.es',
};

export const flightPotion: SearchResult = {
  ...manaPotion,
  id: 12,
  termino: { en: 'Potion of flight', es: 'poción de vuelo' },
  definicion: null,
  contexto_es: null,
  glosario: 'Plataformas',
  nombre_seguro: 'plataformas',
  idioma_origen: 'en',
  idioma_meta: 'es',
};

export const critDamage: SearchResult = {
  ...manaPotion,
  id: 13,
  termino: { es: 'Daño crítico', en: 'critical damage' },
  subindice: 'combate',
  definicion: 'Daño adicional de un golpe crítico.',
  contexto_es: null,
  campo_coincidente: 'definicion',
};

export const searchFields: SearchField[] = [
  { id: 'termino.es', label: 'Término (es)' },
  { id: 'termino.en', label: 'Término (en)' },
  { id: 'subindice', label: 'Subíndice' },
  { id: 'definicion', label: 'Definición' },
  { id: 'notas', label: 'Notas' },
];

/** `n` distinct results (for paging). */
export function manyResults(n: number, from = 100): SearchResult[] {
  return Array.from({ length: n }, (_, i) => ({
    ...manaPotion,
    id: from + i,
    termino: { es: `Poción ${from + i}`, en: `potion ${from + i}` },
  }));
}
