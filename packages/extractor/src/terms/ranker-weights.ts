// Weights of the termhood ranker (logistic regression over termhood.ts's featureVector).
// Provisional hand-set values, replaced by scripts/train-ranker.ts.

export const RANKER_FEATURES = [
  'bias',
  'log_frequency',
  'log_c_value',
  'specificity_mean',
  'specificity_min',
  'specificity_max',
  'multiword',
  'extra_words',
  'propn',
  'adj',
  'verb',
  'nested_share',
  'capitalised_share',
] as const;

export const RANKER_WEIGHTS: readonly number[] = [-3, 0.3, 0.9, 0.8, 0.3, 0.2, 0.3, 0, 0, -0.5, -1.5, -0.5, 0];
