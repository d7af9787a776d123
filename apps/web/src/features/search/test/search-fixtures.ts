import type { SearchField, SearchResult } from '@ludoterm/contract';
import { makeEntry } from '@/test/fixtures.ts';

/** Typed API answers for the search feature's tests. */
export const manaPotion: SearchResult = {
  ...makeEntry(11, 'Poción de maná', 'mana potion', {
    subindice: 'objeto',
    categoria: 'sintagma nominal',
    definicion: 'Poción que restaura el maná.',
    contexto_es: 'Bebe una poción de maná.',
  }),
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
