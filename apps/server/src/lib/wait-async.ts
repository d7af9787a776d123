/** `Atomics.waitAsync` (Node 20 has it; TypeScript's ES2023 library does not declare it). */
export const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
    ): { async: boolean; value: Promise<string> | string };
  }
).waitAsync;
