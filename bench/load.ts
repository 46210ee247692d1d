/**
 * The load generator of `npm run bench`: autocannon against the servers (connections split evenly),
 * latencies taken per response. A request without `setupRequest` is fired from a process of its own
 * (`node --import tsx bench/load.ts <options>`): in the benchmark's process, which holds the server code,
 * its pools and the earlier results, garbage collection of the large answers stalled the generator
 * itself and showed up as server latency (decision 92).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request } from 'autocannon';

export type Measured = { count: number; seconds: number; latencies: number[]; failures: Map<string, number> };

export type LoadOptions = {
  urls: string[];
  token: string;
  /** Runs for `seconds`, or until exactly `amount` answers came back (then every request is accounted for). */
  length: { seconds: number } | { amount: number };
  connections: number;
  request: Request;
};

type Sent = Omit<Measured, 'failures'> & { failures: [string, number][] };

async function generate({ urls, token, length, connections, request }: LoadOptions): Promise<Measured> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const instance = autocannon({
    url: urls,
    connections,
    ...('amount' in length ? { amount: length.amount } : { duration: length.seconds }),
    timeout: 30,
    headers: { 'auth-token': token, 'content-type': 'application/json' },
    requests: [request],
  });
  const started = performance.now();
  // autocannon settles on its next one-second tick after the last answer; the rate counts to that answer.
  let lastAnswer = started;
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    lastAnswer = performance.now();
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    else failures.set(`HTTP ${statusCode}`, (failures.get(`HTTP ${statusCode}`) ?? 0) + 1);
  });
  const result = await instance;
  const elapsed = (lastAnswer - started) / 1000;
  if (result.errors > 0) failures.set('connection errors', result.errors);
  return { count: latencies.length, seconds: elapsed, latencies, failures };
}

const self = fileURLToPath(import.meta.url);

export async function load(options: LoadOptions): Promise<Measured> {
  if (options.request.setupRequest) return generate(options);
  const child = spawn(process.execPath, ['--import', 'tsx', self, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`load generator exited with ${code}`);
  const sent = JSON.parse(output) as Sent;
  return { ...sent, failures: new Map(sent.failures) };
}

if (process.argv[1] === self) {
  const measured = await generate(JSON.parse(process.argv[2]!) as LoadOptions);
  process.stdout.write(JSON.stringify({ ...measured, failures: [...measured.failures] } satisfies Sent));
}
