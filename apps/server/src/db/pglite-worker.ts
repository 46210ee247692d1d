import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import {
  type CrossingOptions,
  crossingError,
  type FromDatabase,
  type ToDatabase,
} from './pglite-messages.ts';

/**
 * The embedded database on a thread of its own (decision 182): it runs the statements the server's
 * thread sends, one transaction at a time as PGlite does, and answers with their rows.
 */

const port = parentPort!;
const { dataDir, template } = workerData as { dataDir: string; template?: Blob };
const send = (message: FromDatabase) => port.postMessage(message);

/** Transactions being run, by the id of their 'begin': PGlite's own, held open until their 'end'. */
const open = new Map<
  number,
  { tx: Transaction; finish: (commit: boolean) => void; done: Promise<unknown> }
>();
const listening = new Map<string, () => Promise<void>>();
/** Thrown into a transaction the server's thread ended without committing, so that PGlite rolls it back. */
const ROLLED_BACK = Symbol('rolled back');

let database: PGlite;
try {
  database = new PGlite(dataDir, { loadDataDir: template });
  await database.waitReady;
  send({ kind: 'ready' });
} catch (error) {
  send({ kind: 'failed', error: crossingError(error) });
  process.exit(1);
}

port.on('message', (message: ToDatabase) => {
  run(message).then(
    (result) => send({ kind: 'answer', id: message.id, result }),
    (error) => send({ kind: 'refusal', id: message.id, error: crossingError(error) }),
  );
});

function run(message: ToDatabase): Promise<unknown> {
  switch (message.kind) {
    case 'query':
      return runnerOf(message.tx).query(message.sql, message.params, queryOptions(message.options));
    case 'exec':
      return runnerOf(message.tx).exec(message.sql);
    case 'begin':
      return begin(message.id);
    case 'end':
      return end(message.tx, message.commit);
    case 'listen':
      return listen(message.channel);
    case 'unlisten':
      return unlisten(message.channel);
    case 'close':
      return database.close();
  }
}

function runnerOf(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return database;
  const entry = open.get(tx);
  if (!entry) throw new Error('Veritabanı işlemi kapanmış.');
  return entry.tx;
}

function queryOptions({ rowMode, textTypes = [], paramTypes }: CrossingOptions): QueryOptions {
  const asText = (value: string) => value;
  return { rowMode, paramTypes, parsers: Object.fromEntries(textTypes.map((type) => [type, asText])) };
}

/**
 * Opens a transaction and answers its id (the 'begin''s) once it is open; it stays open, holding PGlite,
 * until its 'end'.
 */
function begin(id: number): Promise<number> {
  return new Promise((opened, failed) => {
    const done = database.transaction(
      (tx) =>
        new Promise<void>((commit, rollBack) => {
          open.set(id, { tx, done, finish: (commits) => (commits ? commit() : rollBack(ROLLED_BACK)) });
          opened(id);
        }),
    );
    done.catch(failed).finally(() => open.delete(id));
  });
}

/** Commits or rolls back, answering when PostgreSQL has: a commit may still fail. */
async function end(tx: number, commit: boolean): Promise<void> {
  const entry = open.get(tx);
  if (!entry) return;
  entry.finish(commit);
  try {
    await entry.done;
  } catch (error) {
    if (error !== ROLLED_BACK) throw error;
  }
}

async function listen(channel: string): Promise<void> {
  if (listening.has(channel)) return;
  listening.set(
    channel,
    await database.listen(channel, (payload) => send({ kind: 'notice', channel, payload })),
  );
}

async function unlisten(channel: string): Promise<void> {
  const stop = listening.get(channel);
  listening.delete(channel);
  await stop?.();
}
