/**
 * Results of repeatable reads, valid until the next write. Sound only where every write goes through this
 * process (PGlite owns its data dir): any statement that is not a plain SELECT starts a new generation, and an
 * entry is served only when it was read in the current generation.
 */
export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, { generation: number; rows: unknown[] }>();
  private readonly pending = new Map<string, { generation: number; rows: Promise<unknown[]> }>();

  constructor(private readonly capacity = 500) {}

  /** Call around every statement: non-SELECT statements invalidate everything read so far. */
  noteStatement(sql: string): void {
    if (!/^\s*select\b/i.test(sql)) this.generation++;
  }

  noteWrite(): void {
    this.generation++;
  }

  async read<T>(sql: string, params: unknown[], run: () => Promise<T[]>): Promise<T[]> {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation) {
      // Re-insert so the map's order stays least-recently-used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.rows as T[];
    }
    // Identical reads arriving together share one statement: twenty clients asking for the same deep page would
    // otherwise queue twenty scans on the one connection.
    const pending = this.pending.get(key);
    if (pending && pending.generation === this.generation) return pending.rows as Promise<T[]>;
    const generation = this.generation;
    const rows = run();
    this.pending.set(key, { generation, rows });
    try {
      const answer = await rows;
      // A write that ran meanwhile moved the generation on; the entry is then stale on arrival and never served.
      this.entries.delete(key);
      this.entries.set(key, { generation, rows: answer });
      if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
      return answer;
    } finally {
      if (this.pending.get(key)?.rows === rows) this.pending.delete(key);
    }
  }
}
