import type { AddCandidatesAnswer, Candidate, ExtractionAnswer } from '@ludoterm/contract';

/** Typed API answers for the extraction feature's tests. */
export const potionCandidate: Candidate = {
  id: 'tpocion',
  termino: { es: 'poción de salud', en: null },
  categoria: 'NOUN_PHRASE',
  definicion: null,
  contexto: 'La poción de salud recupera toda la vida del héroe.',
  notas: null,
  frecuencia: 5,
  variante: ['pociones de salud'],
  puntuacion: 0.93,
  en_glosarios: [],
};

export const bossCandidate: Candidate = {
  id: 'tjefe',
  termino: { es: 'jefe final', en: null },
  categoria: 'NOUN_PHRASE',
  definicion: null,
  contexto: 'El jefe final vive en la última planta de la mazmorra.',
  notas: null,
  frecuencia: 4,
  variante: [],
  puntuacion: 0.88,
  en_glosarios: ['RPG Combate'],
};

export const dungeonCandidate: Candidate = {
  id: 'tmazmorra',
  termino: { es: 'mazmorra', en: null },
  categoria: 'NOUN',
  definicion: null,
  contexto: 'El pergamino lleva al héroe a una sala segura de la mazmorra.',
  notas: null,
  frecuencia: 9,
  variante: ['mazmorras'],
  puntuacion: 0.71,
  en_glosarios: [],
};

export const yogCandidate: Candidate = {
  id: 'tyog',
  termino: { es: 'Yog-Dzewa', en: null },
  categoria: 'PROPN',
  definicion: null,
  contexto: 'Yog-Dzewa es un dios antiguo.',
  notas: null,
  frecuencia: 2,
  variante: [],
  puntuacion: 0.65,
  en_glosarios: [],
};

/** 150 more candidates, lower ranked: enough for 'Mostrar más'. */
export const fillerCandidates: Candidate[] = Array.from({ length: 150 }, (_, i) => ({
  id: `trelleno${i}`,
  termino: { es: `término ${String(i + 1).padStart(3, '0')}`, en: null },
  categoria: 'NOUN',
  definicion: null,
  contexto: `Frase con el término ${i + 1}.`,
  notas: null,
  frecuencia: 2,
  variante: [],
  puntuacion: Math.round((0.6 - i / 1000) * 1000) / 1000,
  en_glosarios: [],
}));

export const spanishAnswer: ExtractionAnswer = {
  entradas: [potionCandidate, bossCandidate, dungeonCandidate, yogCandidate, ...fillerCandidates],
  estadisticas: {
    total_terminos: 1234,
    terminos_unicos: 456,
    terminos_filtrados: 154,
    modo_stopwords: 'predeterminadas',
    idioma: 'es',
    palabras: 5678,
  },
};

export function addedAnswer(ids: string[], skipped: string[] = []): AddCandidatesAnswer {
  return {
    añadidas: ids.length,
    omitidas: skipped.length,
    resultados: [
      ...ids.map((id, i) => ({ id, entrada_id: 100 + i })),
      ...skipped.map((id) => ({ id, entrada_id: null })),
    ],
  };
}
