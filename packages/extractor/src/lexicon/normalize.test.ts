import { describe, expect, it } from 'vitest';
import { singularEnglish, singularSpanish } from './normalize.ts';

describe('Spanish singular keys', () => {
  it.each([
    ['pociones', 'poción'],
    ['luces', 'luz'],
    ['jefes', 'jefe'],
    ['jugadores', 'jugador'],
    ['niveles', 'nivel'],
    ['clases', 'clase'],
    ['meses', 'mes'],
    ['torres', 'torre'],
    ['espadas', 'espada'],
    ['rubíes', 'rubí'],
    ['volcanes', 'volcán'],
    ['guantes', 'guante'],
  ])('gives %s and %s the same key', (plural, singular) => {
    expect(singularSpanish(plural)).toBe(singularSpanish(singular));
  });

  it('leaves invariable words and short words alone', () => {
    expect(singularSpanish('crisis')).toBe('crisis');
    expect(singularSpanish('virus')).toBe('virus');
    expect(singularSpanish('gas')).toBe('gas');
  });

  it('keeps different words apart', () => {
    expect(singularSpanish('jefe')).not.toBe(singularSpanish('jefa'));
    expect(singularSpanish('daño')).not.toBe(singularSpanish('dano'));
  });
});

describe('English singular', () => {
  it.each([
    ['potions', 'potion'],
    ['enemies', 'enemy'],
    ['wolves', 'wolf'],
    ['boxes', 'box'],
    ['matches', 'match'],
    ['heroes', 'hero'],
    ['men', 'man'],
    ['turbines', 'turbine'],
  ])('%s → %s', (plural, singular) => {
    expect(singularEnglish(plural)).toBe(singular);
  });

  it('leaves words ending in -ss, -us, -is alone', () => {
    for (const word of ['class', 'bonus', 'analysis', 'gas']) expect(singularEnglish(word)).toBe(word);
  });
});

describe('hostile input', () => {
  it('treats words named like Object.prototype members as plain words', () => {
    expect(singularEnglish('constructor')).toBe('constructor');
    expect(singularEnglish('toString')).toBe('toString');
  });
});
