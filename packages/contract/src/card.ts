import type { Language } from './languages.ts';

/**
 * A field of the DocuTerm card, LudoTerm's entry model. Ids are the entry's wire names;
 * `termino.xx`, `contexto_xx` and `fuente_contexto_xx` follow the glossary's two languages, and
 * `definicion_xx` its target language (`definicion` is the base language's).
 */
export interface CardField {
  id: string;
  label: string;
  /** One line on what the field holds, shown on /docuterm and as help in the editor. */
  descripcion: string;
  /** Whether the field is long text (shown as a multi-line input). */
  multilinea: boolean;
}

/** The fields of the card that do not depend on the languages, in card order. */
export const CARD_TEXT_FIELDS = [
  'subindice',
  'categoria',
  'area',
  'mecanismo',
  'definicion',
  'fuente',
  'relaciones',
  'variante',
  'cuestiones_traductologicas',
  'notas',
] as const;
export type CardTextField = (typeof CARD_TEXT_FIELDS)[number];

const TEXT_FIELD_INFO: Record<CardTextField, Omit<CardField, 'id'>> = {
  subindice: {
    label: 'Subíndice',
    descripcion: 'Acepción o uso concreto del término, para distinguir homónimos (p. ej. «combate» / «RPG»).',
    multilinea: false,
  },
  categoria: {
    label: 'Categoría',
    descripcion: 'Categoría gramatical del término: sustantivo, verbo, adjetivo, sintagma nominal…',
    multilinea: false,
  },
  area: {
    label: 'Área',
    descripcion: 'Ámbito temático o género de videojuego al que pertenece el concepto.',
    multilinea: false,
  },
  mecanismo: {
    label: 'Mecanismo de formación',
    descripcion: 'Cómo se formó el término: préstamo, calco, derivación, composición, sigla, metáfora…',
    multilinea: false,
  },
  definicion: {
    label: 'Definición',
    descripcion: 'Definición del concepto en la lengua base, breve y sin circularidad.',
    multilinea: true,
  },
  fuente: {
    label: 'Fuente',
    descripcion: 'Obra, juego o documento del que procede la definición.',
    multilinea: false,
  },
  relaciones: {
    label: 'Relaciones',
    descripcion: 'Conceptos relacionados: hiperónimos, hipónimos, sinónimos parciales, antónimos.',
    multilinea: true,
  },
  variante: {
    label: 'Variantes',
    descripcion: 'Otras formas del término: variantes ortográficas, abreviaturas, formas regionales.',
    multilinea: false,
  },
  cuestiones_traductologicas: {
    label: 'Cuestiones traductológicas',
    descripcion: 'Dificultades y decisiones de traducción: falsos amigos, restricciones de longitud, localización.',
    multilinea: true,
  },
  notas: {
    label: 'Notas',
    descripcion: 'Cualquier otra observación sobre la entrada.',
    multilinea: true,
  },
};

export const termFieldId = (lang: Language) => `termino.${lang}` as const;
export const contextFieldId = (lang: Language) => `contexto_${lang}` as const;
export const contextSourceFieldId = (lang: Language) => `fuente_contexto_${lang}` as const;
/** The target language's definition; the base language's is `definicion`, so it has no `definicion_xx`. */
export const definitionFieldId = (lang: Language) => `definicion_${lang}` as const;

/**
 * A card (or an entry object) of a glossary with base language `from`, for one with the same two
 * languages based on `to`: the old base's `definicion` becomes `definicion_{from}`, and
 * `definicion_{to}` the new `definicion`. Unchanged when the base is the same.
 */
export function rebaseDefinitions<T extends object>(card: T, from: Language, to: Language): T {
  if (from === to) return card;
  const { definicion, [definitionFieldId(to)]: newBase, ...rest } = card as Record<string, unknown>;
  return { ...rest, definicion: newBase ?? null, [definitionFieldId(from)]: definicion ?? null } as T;
}

/** Whether a card field id is one of the term's language sub-fields (`termino.es`…). */
export function isTermField(id: string): boolean {
  return id.startsWith('termino.');
}

/** The card fields for a glossary with these languages, in card order. */
export function cardFields(origen: Language, meta: Language): CardField[] {
  const langs = [origen, meta];
  const text = (id: CardTextField): CardField => ({ id, ...TEXT_FIELD_INFO[id] });
  return [
    ...langs.map((lang) => ({
      id: termFieldId(lang),
      label: `Término (${lang})`,
      descripcion:
        lang === origen
          ? 'Término en la lengua base del glosario, tal como se usa en el juego o el texto.'
          : 'Equivalente en la lengua meta del glosario.',
      multilinea: false,
    })),
    ...(['subindice', 'categoria', 'area', 'mecanismo', 'definicion'] as const).map(text),
    {
      id: definitionFieldId(meta),
      label: `Definición (${meta})`,
      descripcion: `Definición del concepto en la lengua meta (${meta}); la de la lengua base va en «Definición».`,
      multilinea: true,
    },
    text('fuente'),
    ...langs.map((lang) => ({
      id: contextFieldId(lang),
      label: `Contexto (${lang})`,
      descripcion: `Frase real en la que aparece el término (${lang}).`,
      multilinea: true,
    })),
    ...langs.map((lang) => ({
      id: contextSourceFieldId(lang),
      label: `Fuente del contexto (${lang})`,
      descripcion: `De dónde procede el contexto (${lang}): juego, versión, pantalla o documento.`,
      multilinea: false,
    })),
    ...(['relaciones', 'variante', 'cuestiones_traductologicas', 'notas'] as const).map(text),
  ];
}

/** Label of any card field id for any languages (for search results across glossaries). */
export function cardFieldLabel(id: string): string {
  const lang = /^(?:termino\.|contexto_|fuente_contexto_|definicion_)(es|en|fr|de)$/.exec(id)?.[1];
  if (id.startsWith('termino.') && lang) return `Término (${lang})`;
  if (id.startsWith('definicion_') && lang) return `Definición (${lang})`;
  if (id.startsWith('fuente_contexto_') && lang) return `Fuente del contexto (${lang})`;
  if (id.startsWith('contexto_') && lang) return `Contexto (${lang})`;
  return TEXT_FIELD_INFO[id as CardTextField]?.label ?? id;
}
