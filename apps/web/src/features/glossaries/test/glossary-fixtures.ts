import type { Glossary, Member, TrashItem } from '@ludoterm/contract';

/** Typed API answers for the glossaries feature's tests. */
export const rpgGlossary: Glossary = {
  id: 1,
  nombre: 'RPG Combate',
  nombre_seguro: 'rpg-combate',
  idioma_origen: 'es',
  idioma_meta: 'en',
  descripcion: 'Términos de combate por turnos',
  propietario: 'Ana Torres',
  acceso: 'propietario',
  num_entradas: 12,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

export const platformsGlossary: Glossary = {
  ...rpgGlossary,
  id: 2,
  nombre: 'Plataformas',
  nombre_seguro: 'plataformas',
  idioma_origen: 'en',
  idioma_meta: 'fr',
  descripcion: null,
  num_entradas: 1,
};

/** Shared with the user as a reader: no edit actions. */
export const sharedReadOnlyGlossary: Glossary = {
  ...rpgGlossary,
  id: 3,
  nombre: 'Estrategia de Luis',
  nombre_seguro: 'estrategia',
  descripcion: null,
  propietario: 'Luis Gómez',
  acceso: 'lector',
  num_entradas: 0,
};

export const glossaries: Glossary[] = [rpgGlossary, platformsGlossary, sharedReadOnlyGlossary];

export const trashItems: TrashItem[] = [
  {
    id: 7,
    nombre: 'Shooter',
    nombre_seguro: 'shooter',
    idioma_origen: 'es',
    idioma_meta: 'en',
    eliminado_en: '2026-11-20T10:00:00.000Z',
    dias_restantes: 28,
  },
  {
    id: 8,
    nombre: 'Antiguo',
    nombre_seguro: 'antiguo',
    idioma_origen: 'de',
    idioma_meta: 'es',
    eliminado_en: '2026-10-20T10:00:00.000Z',
    dias_restantes: 0,
  },
];

export const members: Member[] = [
  {
    user_id: 5,
    email: 'eva@example.org',
    display_name: 'Eva Ruiz',
    rol: 'editor',
    pendiente: false,
    created_at: '2026-11-21T10:00:00.000Z',
  },
  {
    user_id: null,
    email: 'nueva@example.org',
    display_name: null,
    rol: 'lector',
    pendiente: true,
    created_at: '2026-11-21T11:00:00.000Z',
  },
];
