// Weights of the termhood ranker (logistic regression over termhood.ts's featureVector), one set
// per language, written by scripts/train-ranker.ts from LudoTerm's own annotation of two Shattered
// Pixel Dungeon samples (fixtures/games); no ACTER data was used. Do not edit by hand.

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
  'standalone_share',
] as const;

export const RANKER_WEIGHTS: Readonly<Record<'es' | 'en', readonly number[]>> = {
  es: [-4.797, 0.471, 0.519, 0.343, 0.254, 0.421, 0.398, -0.201, 0.132, -0.872, -0.493, -0.193, 0.186, 0.994],
  en: [-4.626, 0.403, 0.537, 0.37, 0.287, 0.42, 0.348, -0.372, 0.095, -0.626, -0.816, -0.299, 0.069, 0.922],
};
