import type { Entry, Glossary, Tokens, User } from '@ludoterm/contract';

/** Typed API answers used by the web tests. */
export const editorUser: User = {
  id: 2,
  email: 'ana@example.org',
  role: 'editor',
  plan: 'pro_trial',
  trial_remaining: 14,
  display_name: 'Ana Torres',
  avatar_url: null,
  created_at: '2026-11-22T10:00:00.000Z',
  verificacion_codigo: false,
};

export const adminUser: User = {
  ...editorUser,
  id: 1,
  email: 'admin@example.org',
  role: 'admin',
  plan: 'pro',
  trial_remaining: null,
  display_name: null,
};

export const tokens: Tokens = {
  access_token: 'access-token-1',
  refresh_token: 'refresh-token-1',
  token_type: 'bearer',
  expires_in: 900,
};

/** An es→en glossary the caller owns; features spread it and change what their tests need. */
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

const PREFERRED_TERM = {
  estado: 'preferido',
  tipo: 'termino_completo',
  categoria_gramatical: null,
  genero: null,
  numero: null,
  nota_uso: null,
} as const;

/** An es→en entry by Ana Torres with every optional card field empty, plus `changes`. */
export function makeEntry(id: number, es: string, en: string, changes: Partial<Entry> = {}): Entry {
  return {
    id,
    termino: { es, en },
    terminos: [
      { ...PREFERRED_TERM, idioma: 'es', termino: es },
      { ...PREFERRED_TERM, idioma: 'en', termino: en },
    ],
    estado_revision: 'borrador',
    id_externo: null,
    registro_original: null,
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
    puede_ver_comentarios_privados: true,
    autor: 'Ana Torres',
    fecha_creacion: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    origen: null,
    version: 1,
    ...changes,
  };
}
