import { WriteGate } from './write-gate.ts';

/**
 * A WriteGate per glossary: held on SQLite from an import's commit until its entries are
 * indexed (the import answers before that). A search waits only if it covers a glossary held
 * here, so searches over other glossaries, other users' among them, go on.
 */
export class GlossaryGate {
  readonly #gates = new Map<number, WriteGate>();

  /** Runs `work` with the glossary's gate held. */
  async hold<T>(glossaryId: number, work: () => Promise<T>): Promise<T> {
    let gate = this.#gates.get(glossaryId);
    if (!gate) {
      gate = new WriteGate();
      this.#gates.set(glossaryId, gate);
    }
    try {
      return await gate.hold(work);
    } finally {
      if (!gate.held) this.#gates.delete(glossaryId);
    }
  }

  /** The glossaries held now (usually none). */
  get held(): number[] {
    return [...this.#gates.keys()];
  }

  /** Resolves once none of `glossaryIds` is held. */
  async passed(glossaryIds: readonly number[]): Promise<void> {
    await Promise.all(glossaryIds.map((id) => this.#gates.get(id)?.passed()));
  }

  /** Resolves once no glossary is held (shutdown). */
  async allPassed(): Promise<void> {
    await this.passed(this.held);
  }
}
