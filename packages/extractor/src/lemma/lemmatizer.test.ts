import { describe, expect, it } from 'vitest';
import { loadLemmatizer } from '../resources.ts';
import { parseConlluLemmas } from './conllu-lemmas.ts';
import { applyScript, editScript } from './edit-script.ts';
import { trainLemmatizer } from './lemma-trainer.ts';
import { Lemmatizer } from './lemmatizer.ts';
import { decodeLemmatizerModel, encodeLemmatizerModel } from './lemmatizer-model.ts';
import { singularOf } from './singular.ts';
import { stripSpanishEnclitics } from './spanish-rules.ts';

describe('edit scripts', () => {
  it('turn a form into its lemma and serve other words that end alike', () => {
    const script = editScript('pociones', 'poción');
    expect(script).toBe('4|ón');
    expect(applyScript('misiones', script)).toBe('misión');
    expect(applyScript('abc', '3|')).toBeNull();
  });
});

describe('the shipped Spanish lemmatiser', () => {
  const es = loadLemmatizer('es');
  it.each([
    ['pociones', 'NOUN', 'poción'],
    ['luces', 'NOUN', 'luz'],
    ['armas', 'NOUN', 'arma'],
    ['jefes', 'NOUN', 'jefe'],
    ['volcanes', 'NOUN', 'volcán'],
    ['exámenes', 'NOUN', 'examen'],
    ['guanteletes', 'NOUN', 'guantelete'],
    ['crisis', 'NOUN', 'crisis'],
    ['rápidas', 'ADJ', 'rápido'],
    ['arrojadizas', 'ADJ', 'arrojadizo'],
    ['venenosas', 'ADJ', 'venenoso'],
    ['finales', 'ADJ', 'final'],
    ['comunes', 'ADJ', 'común'],
    ['atacaron', 'VERB', 'atacar'],
    ['esquivaste', 'VERB', 'esquivar'],
    ['recargaremos', 'VERB', 'recargar'],
    ['tuvieron', 'VERB', 'tener'],
    ['pudo', 'VERB', 'poder'],
    ['duermen', 'VERB', 'dormir'],
    ['huyeron', 'VERB', 'huir'],
    ['fue', 'AUX', 'ser'],
    ['dárselo', 'VERB', 'dar'],
    ['escabullirse', 'VERB', 'escabullir'],
    ['diciéndole', 'VERB', 'decir'],
    ['mírame', 'VERB', 'mirar'],
    ['oírlo', 'VERB', 'oír'],
    ['las', 'DET', 'el'],
  ])('%s (%s) → %s', (form, upos, lemma) => {
    expect(es.lemma(form, upos)).toBe(lemma);
  });

  it('lower-cases common words and keeps proper nouns as written', () => {
    expect(es.lemma('Pociones', 'NOUN')).toBe('poción');
    expect(es.lemma('Zaragoza', 'PROPN')).toBe('Zaragoza');
  });

  it('gives the singular with the gender kept', () => {
    expect(singularOf('armas', 'NOUN', es)).toBe('arma');
    expect(singularOf('arrojadizas', 'ADJ', es)).toBe('arrojadiza');
    expect(singularOf('pociones', 'NOUN', es)).toBe('poción');
    expect(singularOf('finales', 'ADJ', es)).toBe('final');
    expect(singularOf('salud', 'NOUN', es)).toBe('salud');
  });
});

describe('the shipped English lemmatiser', () => {
  const en = loadLemmatizer('en');
  it.each([
    ['potions', 'NOUN', 'potion'],
    ['enemies', 'NOUN', 'enemy'],
    ['wolves', 'NOUN', 'wolf'],
    ['knives', 'NOUN', 'knife'],
    ['bosses', 'NOUN', 'boss'],
    ['heroes', 'NOUN', 'hero'],
    ['geese', 'NOUN', 'goose'],
    ['dwarves', 'NOUN', 'dwarf'],
    ['attacked', 'VERB', 'attack'],
    ['stopped', 'VERB', 'stop'],
    ['crafting', 'VERB', 'craft'],
    ['respawns', 'VERB', 'respawn'],
    ['went', 'VERB', 'go'],
    ['slain', 'VERB', 'slay'],
    ['smote', 'VERB', 'smite'],
    ['strove', 'VERB', 'strive'],
    ['was', 'AUX', 'be'],
    ['bigger', 'ADJ', 'big'],
    ['better', 'ADJ', 'good'],
  ])('%s (%s) → %s', (form, upos, lemma) => {
    expect(en.lemma(form, upos)).toBe(lemma);
  });

  it('gives English nouns their singular and leaves adjectives alone', () => {
    expect(singularOf('geese', 'NOUN', en)).toBe('goose');
    expect(singularOf('bigger', 'ADJ', en)).toBe('bigger');
  });
});

describe('Spanish enclitics', () => {
  it('strip the pronouns and the accent they brought', () => {
    expect(stripSpanishEnclitics('dárselo')).toBe('dar');
    expect(stripSpanishEnclitics('comiéndoselas')).toBe('comiendo');
    expect(stripSpanishEnclitics('oírlo')).toBe('oír');
    expect(stripSpanishEnclitics('casa')).toBeNull();
  });
});

describe('training', () => {
  // A made-up treebank fragment, enough to check what is learnt and that the model round-trips.
  const conllu = [
    '1\tLas\tel\tDET\t_\t_',
    '2\tespadas\tespada\tNOUN\t_\t_',
    '3\tcortas\tcorto\tADJ\t_\t_',
    '4\tcortan\tcortar\tVERB\t_\t_',
    '',
    '1\tLos\tel\tDET\t_\t_',
    '2\tescudos\tescudo\tNOUN\t_\t_',
    '3-4\tdel\t_\t_\t_\t_',
    '3\tde\tde\tADP\t_\t_',
    '4\tel\tel\tDET\t_\t_',
    '5\tmago\tmago\tNOUN\t_\t_',
    '',
  ].join('\n');

  it('learns the lexicon and the suffixes, and encodes the same model to the same bytes', () => {
    const sentences = parseConlluLemmas(conllu);
    expect(sentences.map((s) => s.length)).toEqual([4, 5]);
    const settings = { maxSuffix: 4, minSuffixCount: 1, candidateShare: 0.5 };
    const model = trainLemmatizer(
      'es',
      sentences.map((tokens) => ({ tokens, weight: 1 })),
      settings,
    );
    const bytes = encodeLemmatizerModel(model);
    expect(
      encodeLemmatizerModel(
        trainLemmatizer(
          'es',
          sentences.map((tokens) => ({ tokens, weight: 1 })),
          settings,
        ),
      ),
    ).toEqual(bytes);
    const lemmatizer = new Lemmatizer(decodeLemmatizerModel(bytes));
    expect(lemmatizer.lemma('Las', 'DET')).toBe('el');
    expect(lemmatizer.lemma('hachas', 'NOUN')).toBe('hacha');
    expect(lemmatizer.lemma('largas', 'ADJ')).toBe('largo');
  });
});
