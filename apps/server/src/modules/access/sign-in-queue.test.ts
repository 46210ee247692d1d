import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../http/errors.ts';
import { SIGN_IN_BUSY_MESSAGE, SignInQueue } from './sign-in-queue.ts';
import { ThrottleMemory } from './throttle-memory.ts';

/** A task that runs until `release()`, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    release,
    task: async () => {
      log.push(name);
      await done;
      return name;
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the line of password checks', () => {
  it('runs at most `concurrency` checks at once, the others in arrival order', async () => {
    const queue = new SignInQueue({ concurrency: 2, maxWaitMs: 5_000 });
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const answers = gates.map((g) => queue.run(false, g.task));
    await tick();
    expect(log).toEqual(['a', 'b']);
    expect(queue.stats()).toEqual({ running: 2, waiting: 2 });
    gates[1]!.release();
    await tick();
    expect(log).toEqual(['a', 'b', 'c']);
    for (const g of gates) g.release();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('serves a known device before every stranger already waiting', async () => {
    const queue = new SignInQueue({ concurrency: 1, maxWaitMs: 5_000 });
    const log: string[] = [];
    const running = gate(log, 'running');
    const strangers = ['s1', 's2', 's3'].map((name) => gate(log, name));
    const devices = ['d1', 'd2'].map((name) => gate(log, name));
    const all = [queue.run(false, running.task), ...strangers.map((g) => queue.run(false, g.task))];
    all.push(...devices.map((g) => queue.run(true, g.task)));
    for (const g of [running, ...strangers, ...devices]) g.release();
    await Promise.all(all);
    expect(log).toEqual(['running', 'd1', 'd2', 's1', 's2', 's3']);
  });

  it('refuses with 503 and Retry-After whoever waits longer than the maximum wait', async () => {
    const queue = new SignInQueue({ concurrency: 1, maxWaitMs: 100 });
    const log: string[] = [];
    const running = gate(log, 'running');
    const first = queue.run(false, running.task);
    const startedAt = performance.now();
    const late = await queue.run(false, async () => 'never').catch((error: unknown) => error);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(95);
    expect(late).toBeInstanceOf(UnavailableError);
    expect((late as UnavailableError).status).toBe(503);
    expect((late as UnavailableError).message).toBe(SIGN_IN_BUSY_MESSAGE);
    expect((late as UnavailableError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    running.release();
    expect(await first).toBe('running');
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a stranger at once when the line is full, but a known device takes the last stranger’s place', async () => {
    const queue = new SignInQueue({ concurrency: 1, maxWaitMs: 5_000, maxWaiting: 2 });
    const log: string[] = [];
    const g = ['running', 's1', 's2', 'd1'].map((name) => gate(log, name));
    const running = queue.run(false, g[0]!.task);
    const s1 = queue.run(false, g[1]!.task);
    const s2 = queue.run(false, g[2]!.task).catch((error: unknown) => error);
    await expect(queue.run(false, async () => 'full')).rejects.toBeInstanceOf(UnavailableError);
    const d1 = queue.run(true, g[3]!.task);
    expect(await s2).toBeInstanceOf(UnavailableError);
    for (const one of g) one.release();
    expect(await Promise.all([running, d1, s1])).toEqual(['running', 'd1', 's1']);
    expect(log).toEqual(['running', 'd1', 's1']);
  });

  it('frees the turn of a check that fails', async () => {
    const queue = new SignInQueue({ concurrency: 1, maxWaitMs: 1_000 });
    await expect(queue.run(false, async () => Promise.reject(new Error('yanlış')))).rejects.toThrow('yanlış');
    expect(await queue.run(false, async () => 'next')).toBe('next');
  });
});

describe('the memory of throttled sign-ins', () => {
  it('refuses until the latest remembered moment of any subject, then forgets', () => {
    const memory = new ThrottleMemory();
    memory.remember({ kind: 'name', key: 'ayse' }, 1_000);
    memory.remember({ kind: 'address', address: '10.0.0.1' }, 2_000);
    const subjects = [
      { kind: 'pair', key: 'ayse', address: '10.0.0.1' },
      { kind: 'name', key: 'ayse' },
      { kind: 'address', address: '10.0.0.1' },
    ] as const;
    expect(memory.refusedUntil(subjects, 500)).toBe(2_000);
    expect(memory.refusedUntil([subjects[0], subjects[1]], 500)).toBe(1_000);
    expect(memory.refusedUntil([subjects[1]], 1_000)).toBeUndefined();
    expect(memory.refusedUntil(subjects, 1_500)).toBe(2_000);
    expect(memory.refusedUntil([{ kind: 'name', key: 'ali' }], 0)).toBeUndefined();
    // A pair is not its name: another address of the name is not refused by the pair's entry.
    memory.remember({ kind: 'pair', key: 'ali', address: '10.0.0.2' }, 5_000);
    expect(memory.refusedUntil([{ kind: 'pair', key: 'ali', address: '10.0.0.3' }], 0)).toBeUndefined();
  });

  it('keeps at most ten thousand entries, forgetting the oldest', () => {
    const memory = new ThrottleMemory();
    for (let n = 0; n <= 10_000; n++) memory.remember({ kind: 'address', address: `a${n}` }, 1_000);
    expect(memory.refusedUntil([{ kind: 'address', address: 'a0' }], 0)).toBeUndefined();
    expect(memory.refusedUntil([{ kind: 'address', address: 'a1' }], 0)).toBe(1_000);
    expect(memory.refusedUntil([{ kind: 'address', address: 'a10000' }], 0)).toBe(1_000);
  });
});
