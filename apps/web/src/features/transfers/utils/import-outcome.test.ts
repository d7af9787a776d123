import { describe, expect, it } from 'vitest';
import { importOutcomeText } from './import-outcome.ts';

describe('importOutcomeText', () => {
  it('keeps the spec wording for two or more and agrees for one', () => {
    expect(importOutcomeText({ importados: 1668, omitidos: 0 })).toBe(
      'Importación completada (1668 elementos).',
    );
    expect(importOutcomeText({ importados: 1, omitidos: 0 })).toBe(
      'Importación completada (1 elemento).',
    );
    expect(importOutcomeText({ importados: 5, omitidos: 1 })).toBe(
      'Importación completada (5 elementos). 1 omitido (repetido o sin los idiomas del glosario).',
    );
  });

  it('never says «completada (0 elementos)» when nothing was added', () => {
    expect(importOutcomeText({ importados: 0, omitidos: 45 })).toBe(
      'No se ha importado ningún elemento: los 45 del archivo están repetidos o no tienen los idiomas del glosario.',
    );
    expect(importOutcomeText({ importados: 0, omitidos: 1 })).toBe(
      'No se ha importado ningún elemento: el único del archivo está repetido o no tiene los idiomas del glosario.',
    );
    expect(importOutcomeText({ importados: 0, omitidos: 0 })).toBe(
      'No se ha importado ningún elemento.',
    );
  });
});
