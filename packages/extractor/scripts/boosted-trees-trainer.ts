// Gradient-boosted regression trees on the logistic loss (second-order leaf values, as in
// XGBoost), small enough to write out as src/terms/ranker-weights.ts. Features are cut into
// quantile bins once; every tree is complete to a fixed depth so that evaluation needs no pointers.
import type { RankerModel, RankerTree } from '../src/terms/ranker-model.ts';

export interface TrainingRow {
  x: number[];
  y: 0 | 1;
  weight: number;
}

export interface BoostingParameters {
  trees: number;
  depth: number;
  learningRate: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  /** Least summed hessian on each side of a split. */
  minChildWeight: number;
  bins: number;
}

/** A threshold no value is below: the node sends everything right. */
const NO_SPLIT = -1e300;

/** Boosts trees from `start` (e.g. a logistic regression, whose linear part is kept) or from a constant. */
export function trainBoostedTrees(rows: readonly TrainingRow[], featureNames: readonly string[], p: BoostingParameters, start?: RankerModel): RankerModel {
  const dims = featureNames.length;
  const n = rows.length;
  // Candidate thresholds per feature: distinct quantiles of the values.
  const cuts: number[][] = [];
  for (let d = 0; d < dims; d += 1) {
    const values = rows.map((r) => r.x[d] as number).sort((a, b) => a - b);
    const set = new Set<number>();
    for (let b = 1; b < p.bins; b += 1) {
      const v = values[Math.floor((b * n) / p.bins)] as number;
      if (v > (values[0] as number)) set.add(v);
    }
    cuts.push([...set].sort((a, b) => a - b));
  }
  // bin[d][i]: number of cuts <= value, so value < cuts[k] iff bin <= k.
  const bins = cuts.map((c, d) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 1) {
      const v = (rows[i] as TrainingRow).x[d] as number;
      let b = 0;
      while (b < c.length && v >= (c[b] as number)) b += 1;
      out[i] = b;
    }
    return out;
  });

  let positive = 0;
  let total = 0;
  for (const r of rows) {
    total += r.weight;
    if (r.y === 1) positive += r.weight;
  }
  const bias = start?.bias ?? Math.log(positive / (total - positive));
  const linear = start?.linear ?? [];
  const z = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let v = bias;
    for (let d = 0; d < linear.length; d += 1) v += ((rows[i] as TrainingRow).x[d] as number) * (linear[d] as number);
    z[i] = v;
  }
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: RankerTree[] = [];
  const internal = 2 ** p.depth - 1;

  for (let t = 0; t < p.trees; t += 1) {
    for (let i = 0; i < n; i += 1) {
      const r = rows[i] as TrainingRow;
      const prob = 1 / (1 + Math.exp(-(z[i] as number)));
      g[i] = r.weight * (prob - r.y);
      h[i] = r.weight * Math.max(1e-6, prob * (1 - prob));
    }
    const feature = new Array<number>(internal).fill(0);
    const threshold = new Array<number>(internal).fill(NO_SPLIT);
    // node[i]: the node row i sits at, level by level.
    const node = new Int32Array(n);
    for (let level = 0; level < p.depth; level += 1) {
      const first = 2 ** level - 1;
      const count = 2 ** level;
      for (let k = 0; k < count; k += 1) {
        const id = first + k;
        let G = 0;
        let H = 0;
        const members: number[] = [];
        for (let i = 0; i < n; i += 1) {
          if (node[i] === id) {
            members.push(i);
            G += g[i] as number;
            H += h[i] as number;
          }
        }
        if (H < 2 * p.minChildWeight) continue;
        const parentScore = (G * G) / (H + p.lambda);
        let bestGain = 1e-9;
        for (let d = 0; d < dims; d += 1) {
          const c = cuts[d] as number[];
          if (c.length === 0) continue;
          const hg = new Float64Array(c.length + 1);
          const hh = new Float64Array(c.length + 1);
          const bd = bins[d] as Uint8Array;
          for (const i of members) {
            const b = bd[i] as number;
            hg[b] = (hg[b] as number) + (g[i] as number);
            hh[b] = (hh[b] as number) + (h[i] as number);
          }
          let GL = 0;
          let HL = 0;
          for (let b = 0; b < c.length; b += 1) {
            GL += hg[b] as number;
            HL += hh[b] as number;
            const HR = H - HL;
            if (HL < p.minChildWeight || HR < p.minChildWeight) continue;
            const GR = G - GL;
            const gain = (GL * GL) / (HL + p.lambda) + (GR * GR) / (HR + p.lambda) - parentScore;
            if (gain > bestGain) {
              bestGain = gain;
              feature[id] = d;
              threshold[id] = c[b] as number;
            }
          }
        }
      }
      for (let i = 0; i < n; i += 1) {
        const id = node[i] as number;
        const goLeft = ((rows[i] as TrainingRow).x[feature[id] as number] as number) < (threshold[id] as number);
        node[i] = 2 * id + (goLeft ? 1 : 2);
      }
    }
    const leafG = new Float64Array(internal + 1);
    const leafH = new Float64Array(internal + 1);
    for (let i = 0; i < n; i += 1) {
      const leaf = (node[i] as number) - internal;
      leafG[leaf] = (leafG[leaf] as number) + (g[i] as number);
      leafH[leaf] = (leafH[leaf] as number) + (h[i] as number);
    }
    const leaf = [...leafG].map((G, k) => round((-p.learningRate * G) / ((leafH[k] as number) + p.lambda)));
    for (let i = 0; i < n; i += 1) z[i] = (z[i] as number) + (leaf[(node[i] as number) - internal] as number);
    trees.push({ feature, threshold: threshold.map(round), leaf });
  }
  return { features: featureNames, bias: round(bias), linear: [...linear], trees };
}

/** Full-batch gradient descent on the L2-regularised weighted log loss. */
export function trainLogistic(rows: readonly TrainingRow[], featureNames: readonly string[], l2 = 0.01, iterations = 3000, rate = 0.1): RankerModel {
  const dims = featureNames.length;
  // Standardise so that one learning rate suits every feature; fold the scaling back afterwards.
  const mean = new Array<number>(dims).fill(0);
  const sd = new Array<number>(dims).fill(0);
  let total = 0;
  for (const r of rows) {
    total += r.weight;
    for (let d = 0; d < dims; d += 1) mean[d] = (mean[d] as number) + r.weight * (r.x[d] as number);
  }
  for (let d = 0; d < dims; d += 1) mean[d] = (mean[d] as number) / total;
  for (const r of rows) for (let d = 0; d < dims; d += 1) sd[d] = (sd[d] as number) + r.weight * ((r.x[d] as number) - (mean[d] as number)) ** 2;
  for (let d = 0; d < dims; d += 1) sd[d] = Math.sqrt((sd[d] as number) / total) || 1;
  const w = new Array<number>(dims).fill(0);
  let b = 0;
  for (let it = 0; it < iterations; it += 1) {
    const grad = new Array<number>(dims).fill(0);
    let gb = 0;
    for (const r of rows) {
      let z = b;
      for (let d = 0; d < dims; d += 1) z += (((r.x[d] as number) - (mean[d] as number)) / (sd[d] as number)) * (w[d] as number);
      const e = r.weight * (1 / (1 + Math.exp(-z)) - r.y);
      gb += e;
      for (let d = 0; d < dims; d += 1) grad[d] = (grad[d] as number) + (e * ((r.x[d] as number) - (mean[d] as number))) / (sd[d] as number);
    }
    b -= (rate * gb) / total;
    for (let d = 0; d < dims; d += 1) w[d] = (w[d] as number) - rate * ((grad[d] as number) / total + l2 * (w[d] as number));
  }
  const linear = w.map((v, d) => v / (sd[d] as number));
  const bias = b - linear.reduce((s, v, d) => s + v * (mean[d] as number), 0);
  return { features: featureNames, bias: round(bias), linear: linear.map(round), trees: [] };
}

function round(v: number): number {
  return v === NO_SPLIT ? v : Math.round(v * 10_000) / 10_000;
}
