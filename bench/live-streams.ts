/**
 * Live event streams beside the write load (issue 27, decision 127), on PostgreSQL: goods-in through
 * HTTP, measured in rounds without and with 200 open streams (`GET /api/events`), while a separate
 * connection commits an announcing transaction every few milliseconds. Reports the writes' p95 with and
 * without the streams and how long each event took from its COMMIT to its arrival on a sample of the
 * streams (every tenth; all of them are read).
 * Then streams whose clients stop reading (decision 147): they are opened beside one that reads, events
 * are committed fast, and the bench reports how soon every stalled one was cut, the kernel's TCP memory
 * meanwhile, and that the reading one was never cut.
 * `npm run bench:live`; exits non-zero past the targets (p95 change under 10 %, events under 200 ms,
 * every stalled stream cut within 60 s and the reading one kept).
 *
 * Env: BENCH_POSTGRES_URL, LIVE_STREAMS (default 200), LIVE_WRITES (per round, default 300),
 * LIVE_CONCURRENCY (default 8), LIVE_ROUNDS (pairs of rounds, default 3), LIVE_EVENT_EVERY_MS (default 25),
 * LIVE_STALLED (streams that stop reading, default 100).
 */
import type net from 'node:net';
import os from 'node:os';
import pg from 'pg';
import {
  LIVE_EVENT_KEY_NAME,
  signedPayload,
  storedLiveEventKey,
} from '../apps/server/src/modules/events/event-signature.ts';
import { call, itemBody, signIn } from './harness/api.ts';
import { createDatabase } from './harness/database.ts';
import { deadline, finish, runCheck } from './harness/process.ts';
import { ADMIN, type Server, startServer } from './harness/server.ts';
import { endedSockets, openStalledStream, tcpMemoryMb } from './harness/stalled-streams.ts';
import { percentile } from './harness/stats.ts';

const STREAMS = Number(process.env.LIVE_STREAMS ?? 200);
const WRITES = Number(process.env.LIVE_WRITES ?? 300);
const CONCURRENCY = Number(process.env.LIVE_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.LIVE_ROUNDS ?? 3);
const EVENT_EVERY_MS = Number(process.env.LIVE_EVENT_EVERY_MS ?? 25);
const STALLED = Number(process.env.LIVE_STALLED ?? 100);
/** How soon every stream that stopped reading must have been cut. */
const STALLED_CUT_WITHIN_MS = 60_000;
const STREAMS_PER_SESSION = 4;
/** Delays are measured on every tenth stream; the others are read and dropped. */
const MEASURE_EVERY = 10;
/** Ids of the bench's own events, far above any record id of the run. */
const FIRST_EVENT_ID = 1_000_000_000;

type Reader = { abort: AbortController; done: Promise<void> };

async function main(): Promise<void> {
  deadline(900, 'the live streams bench');
  const databaseUrl = await createDatabase('mandira_live');
  // All the streams are the admin's, over many sessions: the per-user cap is lifted for the bench.
  const server = await startServer('A', databaseUrl, {
    LIVE_MAX_STREAMS_PER_USER: String(Math.max(STREAMS, STALLED) + 10),
  });
  const admin = await signIn(server);
  const created = await call(
    server,
    admin,
    'POST',
    '/api/product-item',
    itemBody('Canlı Peyniri', 'CANLI-1', '8690000099901'),
  );
  if (created.status !== 200) throw new Error(`item not created: ${JSON.stringify(created.json)}`);
  const lines = (created.json.data as { stocks: { id: number }[] }).stocks.map((line) => line.id);

  // The sessions of the streams: four streams each, the most one session may hold.
  const sessions: string[] = [];
  for (let n = 0; n < Math.ceil(STREAMS / STREAMS_PER_SESSION); n += 1)
    sessions.push(await signIn(server, ADMIN));

  // Commit times of the bench's events, by id; arrival delays of every copy on every stream.
  const committedAt = new Map<number, number>();
  const delays: number[] = [];
  let nextId = FIRST_EVENT_ID;
  const announcer = new pg.Client({ connectionString: databaseUrl });
  await announcer.connect();
  // Events are signed with the server's key, as the server's own writes sign them.
  const { rows } = await announcer.query('select value from server_secrets where name = $1', [
    LIVE_EVENT_KEY_NAME,
  ]);
  const key = storedLiveEventKey(rows[0].value);
  let announcing = true;
  const announcing$ = (async () => {
    while (announcing) {
      const id = nextId++;
      const event = JSON.stringify({ topic: 'stock', type: 'stock.changed', id });
      await announcer.query('begin');
      await announcer.query('select pg_notify($1, $2)', ['mandira_live_events', signedPayload(key, event)]);
      committedAt.set(id, performance.now() + performance.timeOrigin);
      await announcer.query('commit');
      await new Promise((resolve) => setTimeout(resolve, EVENT_EVERY_MS));
    }
  })();

  const openStreams = async (): Promise<Reader[]> => {
    const readers: Reader[] = [];
    for (let n = 0; n < STREAMS; n += 1) {
      const abort = new AbortController();
      const response = await fetch(`${server.url}/api/events`, {
        headers: { 'auth-token': sessions[Math.floor(n / STREAMS_PER_SESSION)]! },
        signal: abort.signal,
      });
      if (response.status !== 200) throw new Error(`stream ${n} refused: ${response.status}`);
      // Every stream is read to its end (a client that does not read would be dropped); the delays
      // are measured on a sample of them, so the bench's own parsing takes less of the shared cores.
      const measured = n % MEASURE_EVERY === 0;
      const done = (async () => {
        if (!measured) {
          const reader = response.body!.getReader();
          try {
            while (!(await reader.read()).done) {}
          } catch {
            // aborted at the end of the round
          }
          return;
        }
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        try {
          for (;;) {
            const { value, done: ended } = await reader.read();
            if (ended) break;
            const now = performance.now() + performance.timeOrigin;
            buffer += value;
            let cut = buffer.indexOf('\n\n');
            while (cut >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              cut = buffer.indexOf('\n\n');
              if (!block.startsWith('data: {"topic"')) continue;
              const { id } = JSON.parse(block.slice(6)) as { id: number };
              const at = committedAt.get(id);
              if (at !== undefined) delays.push(now - at);
            }
          }
        } catch {
          // aborted at the end of the round
        }
      })();
      readers.push({ abort, done });
    }
    return readers;
  };

  let writeIndex = 0;
  const writeRound = async (): Promise<number[]> => {
    const latencies: number[] = [];
    let left = WRITES;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (left > 0) {
          left -= 1;
          const line = lines[writeIndex++ % lines.length]!;
          const started = performance.now();
          const answer = await call(server, admin, 'PUT', '/api/product-item/stock-import-bulk', {
            stockChange: [
              { id: line, importedQuantity: 1, stockOperationType: 'PRODUCTION_INBOUND', notes: 'canli' },
            ],
          });
          if (answer.status !== 200) throw new Error(`goods-in refused: ${JSON.stringify(answer.json)}`);
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies;
  };

  console.log(
    `server pid ${server.pid}; ${STREAMS} streams over ${sessions.length} sessions; ${ROUNDS} pairs of rounds of ` +
      `${WRITES} goods-in at ${CONCURRENCY} at a time; an event committed every ${EVENT_EVERY_MS} ms`,
  );
  await writeRound(); // warm-up
  const without: number[] = [];
  const withStreams: number[] = [];
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    loads.push(os.loadavg()[0]!);
    without.push(...(await writeRound()));
    const readers = await openStreams();
    await new Promise((resolve) => setTimeout(resolve, 500));
    withStreams.push(...(await writeRound()));
    for (const reader of readers) reader.abort.abort();
    await Promise.all(readers.map((reader) => reader.done));
    loads.push(os.loadavg()[0]!);
  }
  announcing = false;
  await announcing$;
  const stalledSessions: string[] = [];
  for (let n = 0; n < Math.ceil(STALLED / STREAMS_PER_SESSION); n += 1)
    stalledSessions.push(await signIn(server, ADMIN));
  const stalled = await stalledStreams(server, stalledSessions, (payloads) =>
    announcer.query('select pg_notify($1, p) from unnest($2::text[]) as p', [
      'mandira_live_events',
      payloads.map((event) => signedPayload(key, event)),
    ]),
  );
  await announcer.end();

  const p95 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      95,
    );
  const p95Without = p95(without);
  const p95With = p95(withStreams);
  const change = (p95With - p95Without) / p95Without;
  const sortedDelays = [...delays].sort((a, b) => a - b);
  const eventP95 = percentile(sortedDelays, 95);
  const load = loads.reduce((sum, value) => sum + value, 0) / loads.length;
  console.log(`\nwrites p95 without streams: ${p95Without.toFixed(1)} ms (${without.length} writes)`);
  console.log(`writes p95 with ${STREAMS} streams: ${p95With.toFixed(1)} ms (${withStreams.length} writes)`);
  console.log(`change: ${(change * 100).toFixed(1)} %`);
  console.log(
    `event commit → arrival over ${delays.length} deliveries: p50 ${percentile(sortedDelays, 50).toFixed(1)} ms, ` +
      `p95 ${eventP95.toFixed(1)} ms, max ${sortedDelays.at(-1)?.toFixed(1)} ms`,
  );
  console.log(
    `load average (1 min) during the rounds: ${load.toFixed(1)} on ${os.availableParallelism()} cores`,
  );
  const problems: string[] = [];
  if (change >= 0.1)
    problems.push(`the writes' p95 changed by ${(change * 100).toFixed(1)} % (target < 10 %)`);
  if (!(eventP95 < 200))
    problems.push(`events reached their streams in ${eventP95.toFixed(1)} ms at p95 (target < 200 ms)`);
  if (delays.length === 0) problems.push('no event arrived');
  console.log(
    `\n${STALLED} streams that stopped reading: ${stalled.cut} cut within ${(stalled.ms / 1000).toFixed(1)} s, ` +
      `${(stalled.announcedBytes / 1024 / 1024).toFixed(1)} MB of events committed meanwhile; kernel TCP memory ` +
      `${stalled.tcpMemory.before} → ${stalled.tcpMemory.peak} MB at most → ${stalled.tcpMemory.after} MB; ` +
      `the reading stream ${stalled.readerKept ? 'kept' : 'CUT'} (${stalled.readerEvents} events read)`,
  );
  if (stalled.cut < STALLED || stalled.ms > STALLED_CUT_WITHIN_MS)
    problems.push(`${STALLED - stalled.cut} of ${STALLED} streams that stopped reading were not cut in time`);
  if (!stalled.readerKept) problems.push('the stream that kept reading was cut');
  for (const problem of problems) console.error(`FAIL: ${problem}`);
  await finish(problems.length > 0 ? 1 : 0);
}

/**
 * Opens STALLED streams whose clients read the opening and then stop, and one that reads; commits
 * events 20 to a transaction as fast as it can until every stalled one is cut (the server ends or
 * resets its connection) or the time is up.
 */
async function stalledStreams(
  server: Server,
  sessions: string[],
  announce: (payloads: string[]) => Promise<unknown>,
) {
  const sockets: net.Socket[] = [];
  for (let n = 0; n < STALLED; n += 1)
    sockets.push(await openStalledStream(server.url, sessions[Math.floor(n / STREAMS_PER_SESSION)]!));
  const abort = new AbortController();
  const response = await fetch(`${server.url}/api/events`, {
    headers: { 'auth-token': await signIn(server, ADMIN) },
    signal: abort.signal,
  });
  let readerEvents = 0;
  let readerKept = true;
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        readerEvents += value.split('data: {"topic"').length - 1;
      }
      readerKept = false;
    } catch {
      // aborted at the end
    }
  })();

  const before = tcpMemoryMb();
  let peak = before;
  let announcedBytes = 0;
  let id = 2_000_000_000;
  const started = performance.now();
  let cut = 0;
  let lookedAt = started;
  while (cut < STALLED && performance.now() - started < STALLED_CUT_WITHIN_MS + 5_000) {
    const events = Array.from({ length: 20 }, () =>
      JSON.stringify({ topic: 'stock', type: 'stock.changed', id: id++ }),
    );
    await announce(events);
    announcedBytes += events.reduce((sum, event) => sum + event.length + 8, 0);
    peak = Math.max(peak, tcpMemoryMb());
    if (performance.now() - lookedAt > 250) {
      lookedAt = performance.now();
      cut = endedSockets(sockets).length;
    }
  }
  const ms = performance.now() - started;
  const after = tcpMemoryMb();
  abort.abort();
  await reading;
  for (const socket of sockets) socket.destroy();
  return { cut, ms, announcedBytes, tcpMemory: { before, peak, after }, readerKept, readerEvents };
}

runCheck(main);
