import type { Term } from '@ludoterm/contract';
import type { ExportEntry, GlossaryMeta } from '../model.ts';

/** A full term as the API answers it, with no type, grammar or usage note. */
export function answeredTerm(idioma: Term['idioma'], termino: string, estado: Term['estado']): Term {
  return { idioma, termino, estado, tipo: 'termino_completo', categoria_gramatical: null, genero: null, numero: null, nota_uso: null };
}

export const SAMPLE_META: GlossaryMeta = {
  nombre: 'Términos de RPG <beta> & más',
  nombre_seguro: 'terminos-de-rpg',
  idioma_origen: 'es',
  idioma_meta: 'en',
  descripcion: 'Glosario de prueba: ñ, acentos, → e IPA [ˈmɑːnə].',
  num_entradas: 4,
};

/** Entries written in base-term order, every field somewhere, with characters that break naive writers. */
export const SAMPLE_ENTRIES: ExportEntry[] = [
  {
    id: 11,
    termino: { es: 'ácido', en: 'acid damage' },
    subindice: 'daño',
    categoria: 'sustantivo',
    area: 'Juegos de rol',
    mecanismo: 'calco',
    definicion: 'Daño elemental que corroe la armadura; «ignora» el 20 % de la defensa.',
    definicion_en: 'Elemental damage that eats away armour; it «ignores» 20 % of defence.',
    fuente: 'Manual del juego, p. 12',
    contexto_es: 'El limo escupe ácido → pierdes 5 PV.',
    contexto_en: 'The slime spits acid → you lose 5 HP.',
    fuente_contexto_es: 'Capítulo 2',
    fuente_contexto_en: 'Chapter 2',
    relaciones: 'veneno; fuego',
    variante: 'ácido corrosivo',
    cuestiones_traductologicas: 'No traducir como «ácido» a secas en la interfaz.\nLímite: 12 caracteres.',
    notas: '=SUMA(A1) no es una fórmula; <b>negrita</b> & "comillas"',
    comentarios_privados: 'solo para la autora',
    autor: 'ana@example.com',
    fecha_creacion: '2026-01-02T10:00:00.000Z',
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-05T08:30:00.000Z',
    origen: null,
  },
  {
    id: 12,
    termino: { es: 'nivel', en: 'level' },
    subindice: 'progresión',
    categoria: 'Sustantivo masculino',
    definicion: 'Medida de la progresión del personaje.',
  },
  { id: 13, termino: { es: 'ñandú', en: null }, notas: 'Sin equivalente fijado; IPA [ɲanˈdu].' },
  {
    id: 14,
    termino: { es: 'Ñu 𝐀', en: 'gnu' },
    contexto_en: 'A gnu appears [n̪u].',
    fuente_contexto_es: 'sin contexto',
  },
];

/** Entries as the API answers them: a term list (derived for plain cards) and a review state. */
export const CONCEPT_ENTRIES: ExportEntry[] = [
  {
    termino: { es: 'ataque', en: 'attack' },
    terminos: [
      answeredTerm('es', 'ataque', 'preferido'),
      answeredTerm('es', 'golpe', 'desaconsejado'),
      answeredTerm('es', 'acometida; embate', 'admitido'),
      answeredTerm('en', 'attack', 'preferido'),
      answeredTerm('en', 'hit', 'prohibido'),
    ],
    estado_revision: 'aprobado',
    notas: 'Sinónimos con estado',
  },
  {
    // No preferred term: the shown one is the first, admitted.
    termino: { es: 'nivel', en: 'level' },
    terminos: [answeredTerm('es', 'nivel', 'admitido'), answeredTerm('en', 'level', 'preferido'), answeredTerm('en', 'lvl; tier', 'admitido')],
    estado_revision: 'en_revision',
  },
  {
    termino: { es: 'maná', en: 'mana' },
    terminos: [answeredTerm('es', 'maná', 'preferido'), answeredTerm('en', 'mana', 'preferido')],
    estado_revision: 'borrador',
  },
];
