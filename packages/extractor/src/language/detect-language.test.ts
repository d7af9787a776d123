import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');

describe('detectLanguage', () => {
  it('recognises the Spanish and the English game text with full confidence', () => {
    expect(detectLanguage(fixture('games/spd-es.txt'))).toEqual({ language: 'es', confidence: 1 });
    expect(detectLanguage(fixture('games/spd-en.txt'))).toEqual({ language: 'en', confidence: 1 });
  });

  it('recognises short sentences', () => {
    expect(detectLanguage('La poción de salud restaura la vida del héroe cuando la bebe en combate.').language).toBe('es');
    expect(detectLanguage('The healing potion restores the health of the hero when drunk in combat.').language).toBe('en');
  });

  it('answers null for French, Portuguese, Italian, Catalan and German', () => {
    for (const text of [
      'La potion de soin restaure la santé du héros quand il la boit pendant le combat contre le boss final.',
      'A poção de cura restaura a saúde do herói quando ele a bebe durante o combate contra o chefe final.',
      "La pozione di cura ripristina la salute dell'eroe quando la beve durante il combattimento contro il boss finale.",
      "La poció de salut restaura la salut de l'heroi quan la beu durant el combat contra el cap final.",
      'Der Heiltrank stellt die Gesundheit des Helden wieder her, wenn er ihn während des Kampfes trinkt.',
    ]) {
      expect(detectLanguage(text)).toEqual({ language: null, confidence: 0 });
    }
  });

  it('answers null for text without words', () => {
    expect(detectLanguage('1234 5678 !!! ---').language).toBeNull();
  });

  it('gives a short phrase a language with low confidence', () => {
    const guess = detectLanguage('poción de salud');
    expect(guess.language).toBe('es');
    expect(guess.confidence).toBeLessThan(0.6);
  });
});
