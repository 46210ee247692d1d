/**
 * The life of a bench or check process: what it started is stopped and dropped on exit, also when a
 * step fails, on Ctrl-C or past its deadline; and the one way a check ends.
 */
import type { ChildProcess } from 'node:child_process';

const cleanups: (() => Promise<void> | void)[] = [];
const children = new Set<ChildProcess>();
let exiting = false;

/** Runs at exit, last registered first. */
export function onCleanup(task: () => Promise<void> | void): void {
  cleanups.push(task);
}

async function runCleanups(): Promise<void> {
  while (cleanups.length > 0) {
    const task = cleanups.pop()!;
    try {
      await task();
    } catch (error) {
      console.error(`cleanup: ${(error as Error).message}`);
    }
  }
}

/** Ends the process with the code after cleaning up; a second signal or a stuck cleanup does not wait. */
export async function finish(code: number): Promise<never> {
  // Already stopping (a signal, the deadline): that first reason decides the exit code.
  if (exiting) return new Promise<never>(() => {});
  exiting = true;
  const force = setTimeout(() => process.exit(code || 1), 15_000);
  force.unref();
  await runCleanups();
  process.exit(code);
}

/** Whether the run is stopping; errors of steps cut short by it are not news. */
export function stopping(): boolean {
  return exiting;
}

/** A child that is killed when this process exits, however it exits, unless it has ended before. */
export function killAtExit(child: ChildProcess): void {
  children.add(child);
  child.on('exit', () => children.delete(child));
}

process.on('exit', () => {
  // The last resort: never leave a server behind, even on an abrupt exit.
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    void finish(130);
  });
}

/** Fails the whole run when it takes longer than `seconds`. */
export function deadline(seconds: number, what: string): void {
  setTimeout(() => {
    console.error(`FAIL: ${what} did not finish within ${seconds} s`);
    void finish(1);
  }, seconds * 1000).unref();
}

/** Ends a check: its violations (exit 1) or OK with the time it took (exit 0). */
export async function verdict(problems: readonly string[], startedAt: number): Promise<never> {
  if (problems.length > 0) {
    console.error(`\nFAIL: ${problems.length} violations`);
    for (const problem of problems.slice(0, 30)) console.error(`  - ${problem}`);
    return finish(1);
  }
  console.log(`\nOK in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  return finish(0);
}

/** Runs a check's main; an error that is not part of stopping fails the run. */
export function runCheck(main: () => Promise<void>): void {
  main().catch(async (error) => {
    if (!stopping()) console.error(`FAIL: ${(error as Error).stack ?? error}`);
    await finish(1);
  });
}
