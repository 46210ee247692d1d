/**
 * The other user of `npm run bench:attack`, in a process of its own so the attack's hundreds of
 * requests in the bench's event loop do not delay its measurements: one read after another, 50 ms
 * apart, between a `start` and a `stop` message from the parent, which it answers with the latencies
 * of the answered reads (ms) and how many were not answered 200.
 */
const SEPARATION_MS = 50;

type Start = { kind: 'start'; url: string; token: string; paths: string[] };
type Stop = { kind: 'stop' };

let running = false;
let measuring: Promise<{ latencies: number[]; errors: number }> | undefined;

async function observe({ url, token, paths }: Start) {
  const latencies: number[] = [];
  let errors = 0;
  for (let n = 0; running; n++) {
    const startedAt = performance.now();
    try {
      const response = await fetch(`${url}${paths[n % paths.length]}`, {
        headers: { 'auth-token': token },
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - startedAt);
      else errors += 1;
    } catch {
      errors += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, SEPARATION_MS));
  }
  return { latencies, errors };
}

process.on('message', async (message: Start | Stop) => {
  if (message.kind === 'start') {
    running = true;
    measuring = observe(message);
  } else {
    running = false;
    process.send!(await measuring);
  }
});
process.on('disconnect', () => process.exit(0));
