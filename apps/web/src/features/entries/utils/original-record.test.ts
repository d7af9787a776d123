import { describe, expect, it } from 'vitest';
import { originalRecordText } from './original-record.ts';

describe('originalRecordText', () => {
  it('says who created and changed the concept and when, as the file wrote it', () => {
    expect(
      originalRecordText({
        creado_por: 'Ana',
        creado_en: '2019-03-01',
        modificado_por: null,
        modificado_en: '2020-07-09',
      }),
    ).toBe('Creada por Ana el 2019-03-01 · modificada el 2020-07-09');
  });

  it('is null when the record says nothing', () => {
    expect(originalRecordText(null)).toBeNull();
    expect(
      originalRecordText({
        creado_por: null,
        creado_en: null,
        modificado_por: null,
        modificado_en: null,
      }),
    ).toBeNull();
  });
});
