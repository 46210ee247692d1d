/**
 * What this process has learnt from the database's throttling refusals (decision 148): a user name,
 * an address, a name from an address or a known device the database refused, and the earliest moment
 * the refusal could lift (its oldest counted failure leaving the window). Until then the same attempt
 * is refused from memory, without a transaction: refused attempts book nothing and only a success
 * forgives failures, which a throttled attempt cannot be, so the database would refuse it too. The
 * database stays the authority: after that moment, or in another process, it is asked again.
 */

/** Entries kept at most; the oldest go first, which only means the database is asked again. */
const CAPACITY = 10_000;

export type ThrottleSubject =
  | { kind: 'pair'; key: string; address: string }
  | { kind: 'name'; key: string }
  | { kind: 'address'; address: string }
  | { kind: 'device'; nonce: string };

function entryOf(subject: ThrottleSubject): string {
  switch (subject.kind) {
    case 'pair':
      return `pair\u0000${subject.key}\u0000${subject.address}`;
    case 'name':
      return `name\u0000${subject.key}`;
    case 'address':
      return `address\u0000${subject.address}`;
    case 'device':
      return `device\u0000${subject.nonce}`;
  }
}

export class ThrottleMemory {
  private readonly until = new Map<string, number>();

  /** The database refused `subject` until `until` (epoch ms) at the earliest. */
  remember(subject: ThrottleSubject, until: number): void {
    const entry = entryOf(subject);
    this.until.delete(entry);
    this.until.set(entry, until);
    // Map keeps insertion order: the first entries are the oldest remembered.
    while (this.until.size > CAPACITY) this.until.delete(this.until.keys().next().value!);
  }

  /** The latest moment any of the subjects stays refused, or undefined when none is known to be. */
  refusedUntil(subjects: readonly ThrottleSubject[], now = Date.now()): number | undefined {
    let latest: number | undefined;
    for (const subject of subjects) {
      const entry = entryOf(subject);
      const until = this.until.get(entry);
      if (until === undefined) continue;
      if (until <= now) {
        this.until.delete(entry);
        continue;
      }
      latest = Math.max(latest ?? 0, until);
    }
    return latest;
  }
}
