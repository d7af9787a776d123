import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE } from './common.ts';

const typeNames: Record<string, string> = {
  string: 'texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
};

const lengthUnits: Record<string, string> = {
  string: 'caracteres',
  array: 'elementos',
  set: 'elementos',
  file: 'bytes',
};

const formatNames: Record<string, string> = {
  email: 'un correo electrónico válido',
  url: 'una dirección web válida',
  datetime: 'una fecha ISO 8601',
  regex: 'el formato esperado',
};

const n = (v: number | bigint) => Number(v).toLocaleString('es-ES');

/**
 * Spanish messages for zod's issues, short enough to follow a field name ("nombre: …").
 * Messages written in the schemas themselves (e.g. 'Pon un nombre de glosario.') win.
 */
export const spanishErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Falta este campo.';
      return `Debe ser ${typeNames[issue.expected] ?? issue.expected}.`;
    case 'too_big': {
      const unit = lengthUnits[issue.origin] ?? '';
      if (unit) return `No puede superar ${n(issue.maximum)} ${unit}.`;
      return issue.inclusive === false
        ? `Debe ser menor que ${n(issue.maximum)}.`
        : `No puede ser mayor que ${n(issue.maximum)}.`;
    }
    case 'too_small': {
      const unit = lengthUnits[issue.origin] ?? '';
      if (unit && Number(issue.minimum) === 1) return 'No puede estar vacío.';
      if (unit) return `Debe tener al menos ${n(issue.minimum)} ${unit}.`;
      return issue.inclusive === false
        ? `Debe ser mayor que ${n(issue.minimum)}.`
        : `No puede ser menor que ${n(issue.minimum)}.`;
    }
    case 'invalid_format':
      return `Debe ser ${formatNames[issue.format] ?? 'un valor con el formato correcto'}.`;
    case 'invalid_value':
      return `Debe ser uno de: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Campos no admitidos: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return 'El valor no tiene una forma válida.';
    // Known here too, so that the server sees it as generic and names the field before it.
    case 'custom':
      return issue.params?.reason === 'control_characters' ? CONTROL_CHARACTERS_MESSAGE : undefined;
    default:
      return undefined;
  }
};

/** Makes every zod schema of the process answer in Spanish. Call once at start-up. */
export function useSpanishZodErrors(): void {
  z.config({ customError: spanishErrorMap });
}
