import { describe, expect, it } from 'vitest';
import { loadReferenceFrequencies } from '../resources.ts';
import { analyseTerms } from './analyse-terms.ts';
import { compiledLogit, modelLogit, treeValue, type RankerTree } from './ranker-model.ts';
import { RANKER_MODEL } from './ranker-weights.ts';
import { RANKER_FEATURES, featureVector } from './termhood.ts';
import { technicalityFor } from './technicality.ts';

describe('ranker model', () => {
  const tree: RankerTree = { feature: [0, 1, 1], threshold: [0.5, 2, -1e300], leaf: [1, 2, 3, 4] };

  it('walks a complete tree: left when the feature is below the threshold', () => {
    expect(treeValue(tree, [0, 1])).toBe(1);
    expect(treeValue(tree, [0, 3])).toBe(2);
    // A node that does not split sends everything right.
    expect(treeValue(tree, [1, -5])).toBe(4);
  });

  it('adds the bias, the linear part and the trees', () => {
    expect(modelLogit({ features: ['a', 'b'], bias: 0.5, linear: [1, -1], trees: [tree] }, [0, 3])).toBe(0.5 + 0 - 3 + 2);
  });

  it('ships a model learnt on the current features', () => {
    expect(RANKER_MODEL.features).toEqual([...RANKER_FEATURES]);
    for (const t of RANKER_MODEL.trees) for (const f of t.feature) expect(f).toBeLessThan(RANKER_FEATURES.length);
  });
});

describe('evidence', () => {
  it('scores learned formations as more technical than everyday words', () => {
    const technicality = technicalityFor(loadReferenceFrequencies('es'));
    expect(technicality.of('hipolipemiante')).toBeGreaterThan(technicality.of('casa'));
  });

  it('sees acronyms, spread and fixed neighbours', () => {
    const text = Array.from({ length: 6 }, (_, i) => `The NATO treaty was signed in round ${i}. The wind turbine rotor blade ${i} turned.`).join('\n');
    const ranked = analyseTerms(text, { minFreq: 1, stopwordsMode: 'predeterminadas', language: 'en' }).ranked;
    const nato = ranked.find((t) => t.key === 'nato');
    expect(nato?.evidence.acronym).toBe(true);
    const rotor = ranked.find((t) => t.key.startsWith('wind turbine rotor'));
    expect(rotor?.evidence.frequency).toBe(6);
    expect(rotor?.evidence.spread).toBe(1);
    expect(featureVector(ranked[0]!.evidence)).toHaveLength(RANKER_FEATURES.length);
  });
});

describe('compiled model', () => {
  it('scores as the plain walk does', () => {
    const x = Array.from({ length: RANKER_FEATURES.length }, (_, i) => Math.sin(i) * 2);
    expect(compiledLogit(RANKER_MODEL)(x)).toBeCloseTo(modelLogit(RANKER_MODEL, x), 9);
  });
});
