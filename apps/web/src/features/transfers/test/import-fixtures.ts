import { cardFields, type CardField, type ImportAnswer } from '@ludoterm/contract';

/** Typed API answers for the import tests. */
export const esEnFields: CardField[] = cardFields('es', 'en');

export const headersAnswer: ImportAnswer = {
  cabeceras_detectadas: ['KEY', 'Spanish', 'English', 'Definition', 'Comment'],
  muestra: [
    ['ui.potion', 'poción', 'potion', '', ''],
    ['ui.shield', 'escudo', 'shield', 'Objeto que protege.', 'PC'],
  ],
  sugerencia: {
    KEY: 'ignorar',
    Spanish: 'termino.es',
    English: 'termino.en',
    Definition: 'definicion',
    Comment: 'notas',
  },
};

export const doneAnswer: ImportAnswer = { importados: 12_000, omitidos: 3 };

export const csvFile = () =>
  new File(['KEY,Spanish,English,Definition,Comment\nui.potion,poción,potion,,\n'], 'juego.csv', {
    type: 'text/csv',
  });
