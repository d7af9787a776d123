/** One measured figure of a benchmark, printed as a table row and written to results/latest.json. */
export interface BenchRow {
  /** What was measured, e.g. "cold start (with build)". */
  metric: string;
  value: number;
  unit: string;
  /** The target as written in the issue, e.g. "≤ 90 s"; absent for figures reported only. */
  target?: string;
  /** Whether the value meets the target; absent when there is no target. */
  pass?: boolean;
}

/** A file `bench/<name>.bench.ts` default-exports one of these. */
export interface Bench {
  name: string;
  run(): Promise<BenchRow[]>;
}

/** Checks a value against an upper bound and formats the target. */
export function atMost(metric: string, value: number, unit: string, limit: number): BenchRow {
  return { metric, value, unit, target: `≤ ${limit} ${unit}`, pass: value <= limit };
}

/** Checks a value against a lower bound and formats the target. */
export function atLeast(metric: string, value: number, unit: string, limit: number): BenchRow {
  return { metric, value, unit, target: `≥ ${limit} ${unit}`, pass: value >= limit };
}
