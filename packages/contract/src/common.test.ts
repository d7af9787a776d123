import { describe, expect, it } from 'vitest';
import { registerInputSchema } from './auth.ts';
import { CONTROL_CHARACTERS_MESSAGE } from './common.ts';
import { entryInputSchema, listEntriesQuerySchema } from './entries.ts';
import { createGlossaryInputSchema } from './glossaries.ts';
import { searchQuerySchema } from './search.ts';
import { useSpanishZodErrors } from './zod-es.ts';

useSpanishZodErrors();

const PASSWORD = 'contraseña-segura';

describe('control characters in text inputs', () => {
  it('refuses a NUL or another control character in a name or a query', () => {
    const refused = [
      createGlossaryInputSchema.safeParse({ nombre: 'Combate\u0000' }),
      createGlossaryInputSchema.safeParse({ nombre: 'Com\u001Bbate' }),
      searchQuerySchema.safeParse({ termino: 'ab\u0000cd' }),
      searchQuerySchema.safeParse({ definicion: 'ab\u0000cd' }),
      listEntriesQuerySchema.safeParse({ q: 'ab\u0000cd' }),
      listEntriesQuerySchema.safeParse({ q: 'ab\ncd' }),
    ];
    for (const result of refused) {
      expect(result.error?.issues.map((i) => i.message)).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    }
  });

  it('refuses a NUL in an entry field but keeps tabs and line breaks in free text', () => {
    expect(entryInputSchema.safeParse({ termino: { es: 'a\u0000' } }).success).toBe(false);
    expect(entryInputSchema.safeParse({ notas: 'uno\u0000dos' }).success).toBe(false);
    expect(entryInputSchema.safeParse({ notas: 'uno\u0007dos' }).success).toBe(false);
    expect(
      entryInputSchema.safeParse({ termino: { es: 'espada' }, notas: 'uno\tdos\r\ntres\fcuatro' })
        .success,
    ).toBe(true);
  });
});

describe('e-mail addresses', () => {
  it.each([
    'josé@ejemplo.es',
    'JOSÉ@Ejemplo.ES',
    'usuario@correos.españa.es',
    'пользователь@пример.рф',
    '用户@例子.广告',
    'ana@xn--espaa-rta.es',
    'ana@bücher.xn--p1ai',
    'a.b+etiqueta@ejemplo.es',
  ])('accepts %s', (email) => {
    expect(registerInputSchema.safeParse({ email, password: PASSWORD }).success).toBe(true);
  });

  it.each([
    'no-es-un-correo',
    'ana@',
    '@ejemplo.es',
    'ana@ejemplo',
    'ana@ejemplo.e',
    'ana maría@ejemplo.es',
    'ana@@ejemplo.es',
    '.ana@ejemplo.es',
    'ana.@ejemplo.es',
    'ana..maria@ejemplo.es',
    'ana@-ejemplo.es',
    'ana@ejemplo..es',
    'ana\u0000@ejemplo.es',
    '"ana"@ejemplo.es',
    `${'a'.repeat(65)}@ejemplo.es`,
  ])('refuses %s', (email) => {
    const result = registerInputSchema.safeParse({ email, password: PASSWORD });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Escribe un correo electrónico válido.',
    ]);
  });

  it('answers the address trimmed and in Unicode NFC', () => {
    const decomposed = ' jose\u0301@ejemplo.es ';
    expect(registerInputSchema.parse({ email: decomposed, password: PASSWORD }).email).toBe(
      'jos\u00e9@ejemplo.es',
    );
  });
});
