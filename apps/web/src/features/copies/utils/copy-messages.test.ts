import { describe, expect, it } from 'vitest';
import { copyResultText } from './copy-messages.ts';

describe('copyResultText', () => {
  it('says how many were copied, and how many were skipped and why', () => {
    expect(copyResultText({ copiadas: 17, omitidas: 1 })).toEqual({
      kind: 'ok',
      text: 'Entradas copiadas correctamente.',
      detail:
        '17 entradas copiadas.\n1 entrada omitida: sus términos ya estaban en el glosario destino.',
    });
    expect(copyResultText({ copiadas: 1, omitidas: 0 })).toEqual({
      kind: 'ok',
      text: 'Entrada copiada correctamente.',
      detail: '1 entrada copiada.',
    });
  });

  it('never says «copiadas correctamente» when none was copied', () => {
    expect(copyResultText({ copiadas: 0, omitidas: 18 })).toEqual({
      kind: 'warning',
      text: 'No se ha copiado ninguna entrada.',
      detail: '18 entradas omitidas: sus términos ya estaban en el glosario destino.',
    });
    expect(copyResultText({ copiadas: 0, omitidas: 0 })).toEqual({
      kind: 'warning',
      text: 'No se ha copiado ninguna entrada.',
      detail: 'Las entradas elegidas ya no están en el glosario de origen.',
    });
  });
});
