/**
 * The termhood ranker's model: a logistic score whose log-odds are a bias, a linear part and a sum
 * of small regression trees (gradient boosting), so that one format holds a plain logistic
 * regression (no trees), boosted trees (no linear part) or both.
 */
export interface RankerTree {
  /** Feature index tested at each internal node, breadth first (node k has children 2k+1, 2k+2). */
  feature: readonly number[];
  /** A vector goes left when its feature is below the threshold. */
  threshold: readonly number[];
  /** Leaf values, left to right: 2^depth of them. */
  leaf: readonly number[];
}

export interface RankerModel {
  features: readonly string[];
  bias: number;
  linear: readonly number[];
  trees: readonly RankerTree[];
}

/** Value of one complete tree for a feature vector. */
export function treeValue(tree: RankerTree, x: readonly number[]): number {
  const internal = tree.feature.length;
  let node = 0;
  while (node < internal) {
    const goLeft = (x[tree.feature[node] as number] as number) < (tree.threshold[node] as number);
    node = 2 * node + (goLeft ? 1 : 2);
  }
  return tree.leaf[node - internal] as number;
}

/** Log-odds that a candidate with feature vector `x` is a term. */
export function modelLogit(model: RankerModel, x: readonly number[]): number {
  let z = model.bias;
  for (let i = 0; i < model.linear.length; i += 1) z += (x[i] as number) * (model.linear[i] as number);
  for (const tree of model.trees) z += treeValue(tree, x);
  return z;
}

const compiled = new WeakMap<RankerModel, (x: readonly number[]) => number>();

/**
 * {@link modelLogit} over flat typed arrays, built once per model: scoring every candidate of a
 * long, varied text walks many trees, and arrays of objects cost several times more.
 */
export function compiledLogit(model: RankerModel): (x: readonly number[]) => number {
  let logit = compiled.get(model);
  if (logit !== undefined) return logit;
  const trees = model.trees.length;
  const internal = trees === 0 ? 0 : (model.trees[0] as RankerTree).feature.length;
  const leaves = internal + 1;
  if (model.trees.some((t) => t.feature.length !== internal || t.leaf.length !== leaves)) return (x) => modelLogit(model, x);
  const feature = new Int32Array(trees * internal);
  const threshold = new Float64Array(trees * internal);
  const leaf = new Float64Array(trees * leaves);
  model.trees.forEach((t, k) => {
    feature.set(t.feature, k * internal);
    threshold.set(t.threshold, k * internal);
    leaf.set(t.leaf, k * leaves);
  });
  const linear = Float64Array.from(model.linear);
  const bias = model.bias;
  logit = (x) => {
    let z = bias;
    for (let i = 0; i < linear.length; i += 1) z += (x[i] as number) * (linear[i] as number);
    for (let k = 0; k < trees; k += 1) {
      const base = k * internal;
      let node = 0;
      while (node < internal) node = 2 * node + ((x[feature[base + node] as number] as number) < (threshold[base + node] as number) ? 1 : 2);
      z += leaf[k * leaves + node - internal] as number;
    }
    return z;
  };
  compiled.set(model, logit);
  return logit;
}
