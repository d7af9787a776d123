import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGlossaryInputSchema } from './glossaries.ts';
import { useSpanishZodErrors } from './zod-es.ts';

useSpanishZodErrors();

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('useSpanishZodErrors', () => {
  it('answers missing, too long and wrong-type values in Spanish', () => {
    const schema = z.object({ a: z.string().max(3), b: z.number(), c: z.email() });
    expect(messages(schema, { a: 'abcd', b: 'x', c: 'no' })).toEqual([
      'No puede superar 3 caracteres.',
      'Debe ser un número.',
      'Debe ser un correo electrónico válido.',
    ]);
    expect(messages(schema, {})).toContain('Falta este campo.');
  });

  it('tells an exclusive bound from an inclusive one', () => {
    expect(messages(z.number().positive(), 0)).toEqual(['Debe ser mayor que 0.']);
    expect(messages(z.number().min(1), 0)).toEqual(['No puede ser menor que 1.']);
    expect(messages(z.number().lt(10), 10)).toEqual(['Debe ser menor que 10.']);
    expect(messages(z.number().max(9), 10)).toEqual(['No puede ser mayor que 9.']);
  });

  it("keeps the schema's own messages", () => {
    expect(messages(createGlossaryInputSchema, { nombre: '   ' })).toEqual(['Pon un nombre de glosario.']);
    expect(messages(createGlossaryInputSchema, { nombre: 'a', idioma_origen: 'en', idioma_meta: 'en' })).toEqual([
      'El idioma base y meta no pueden ser iguales.',
    ]);
  });
});
