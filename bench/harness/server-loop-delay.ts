/**
 * Loaded into a bench server (`--import`, when BENCH_SERVER_LOOP_DELAY names a file): once a second it
 * appends how late the server's main thread ran its timers over that second (`monitorEventLoopDelay`),
 * as a JSON line `{ at, p50, p99, max }` in ms, so a bench can tell a blocked event loop from time spent
 * elsewhere (the database, the CPU other processes take).
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_SERVER_LOOP_DELAY;
if (file && isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
    const line = {
      at: Date.now(),
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
  }, 1_000).unref();
}
