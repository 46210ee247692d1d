import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client.ts';

/** What the answers of one process may hold in memory together. */
const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;

type Entry = { snapshot: string; body: Buffer };

/**
 * Serialized answers of large reads, each kept with the database snapshot it was read after (decision
 * 92). A snapshot (`xmin:xmax:in-progress ids`) names exactly the set of committed transactions a
 * statement sees, and it never comes back once anything commits: a request whose snapshot equals the
 * stored one sees the very data the answer was made from, so the answer is sent again as it is. Any
 * commit, in any process, makes the next request read afresh; so does a write of the caller's own,
 * as its commit precedes its next request. Asking costs one round trip of a few microseconds.
 *
 * The snapshot is read before the answer: the answer's own reads then saw that snapshot or a later
 * one, and a later one is only equal to it if nothing committed in between.
 */
export class SnapshotCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads under way, so that requests arriving together after a commit read once, not once each. */
  private readonly reading = new Map<string, { snapshot: string; body: Promise<Buffer> }>();
  private bytes = 0;

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

  /** The JSON of `read()`'s answer, read anew unless nothing has committed since it was stored. */
  async answer(db: Db, key: string, read: () => Promise<unknown>): Promise<Buffer> {
    if (this.budgetBytes === 0) return Buffer.from(JSON.stringify(await read()));
    const snapshot = await currentSnapshot(db);
    const stored = this.entries.get(key);
    if (stored?.snapshot === snapshot) {
      // Most recently used last, so the budget drops the longest unused first.
      this.entries.delete(key);
      this.entries.set(key, stored);
      return stored.body;
    }
    const underway = this.reading.get(key);
    if (underway?.snapshot === snapshot) return underway.body;
    const body = read().then((answer) => Buffer.from(JSON.stringify(answer)));
    this.reading.set(key, { snapshot, body });
    try {
      const done = await body;
      this.store(key, { snapshot, body: done });
      return done;
    } finally {
      if (this.reading.get(key)?.body === body) this.reading.delete(key);
    }
  }

  private store(key: string, entry: Entry): void {
    this.forget(key);
    if (entry.body.length > this.budgetBytes) return;
    for (const [oldest] of this.entries) {
      if (this.bytes + entry.body.length <= this.budgetBytes) break;
      this.forget(oldest);
    }
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}

export async function currentSnapshot(db: Db): Promise<string> {
  const [row] = await rowsOf<{ snapshot: string }>(db, sql`select pg_current_snapshot()::text as snapshot`);
  return row!.snapshot;
}
