import type { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { startWorkerThread } from '../threads/worker-thread.ts';
import type { CrossingError, CrossingOptions, FromDatabase, ToDatabase } from './pglite-messages.ts';

/** What the server asks of the embedded database: the part of PGlite that drizzle and the server use. */
export interface EmbeddedRunner {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export interface EmbeddedClient extends EmbeddedRunner {
  transaction<T>(run: (tx: EmbeddedRunner) => Promise<T>): Promise<T>;
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const DATABASE_THREAD_STOPPED = 'Gömülü veritabanı durdu; sunucuyu yeniden başlatın.';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Message = ToDatabase extends infer M ? (M extends unknown ? Omit<M, 'id'> : never) : never;

/**
 * The embedded database on a thread of its own (decision 182): PGlite's work (parsing, planning and
 * running every statement in WebAssembly) no longer holds up the thread that answers the requests, which
 * meanwhile writes other answers. The statements still run one at a time in the order they arrive, and a
 * transaction holds the database until it ends, as PGlite does on the server's own thread.
 */
export class PgliteThread implements EmbeddedClient {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromDatabase) => this.hear(message));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', () => this.stop(new Error(DATABASE_THREAD_STOPPED)));
  }

  /**
   * Starts the thread on a data directory (filled from `template`, a dumped one, when it is new) and
   * answers once its database is open.
   */
  static async start(dataDir: string, template?: Blob): Promise<PgliteThread> {
    const worker = startWorkerThread(import.meta.url, './pglite-worker', 'veritabani', { dataDir, template });
    await new Promise<void>((resolve, reject) => {
      const first = (message: FromDatabase) => {
        worker.off('error', reject);
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'failed') reject(rebuilt(message.error));
      };
      worker.once('message', first);
      worker.once('error', reject);
    });
    return new PgliteThread(worker);
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.ask({ kind: 'query', sql, params, options: crossing(options) }) as Promise<Results<T>>;
  }

  exec(sql: string): Promise<Results[]> {
    return this.ask({ kind: 'exec', sql }) as Promise<Results[]>;
  }

  async transaction<T>(run: (tx: EmbeddedRunner) => Promise<T>): Promise<T> {
    const tx = (await this.ask({ kind: 'begin' })) as number;
    let result: T;
    try {
      result = await run(this.runnerOf(tx));
    } catch (error) {
      await this.ask({ kind: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.ask({ kind: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>> {
    let heard = this.listeners.get(channel);
    if (!heard) {
      heard = new Set();
      this.listeners.set(channel, heard);
      await this.ask({ kind: 'listen', channel });
    }
    heard.add(onNotice);
    return async () => {
      heard.delete(onNotice);
      if (heard.size > 0 || this.listeners.get(channel) !== heard) return;
      this.listeners.delete(channel);
      await this.ask({ kind: 'unlisten', channel });
    };
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.ask({ kind: 'close' }).catch(() => {});
    await this.worker.terminate();
  }

  private runnerOf(tx: number): EmbeddedRunner {
    return {
      query: <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.ask({ kind: 'query', sql, params, options: crossing(options), tx }) as Promise<Results<T>>,
      exec: (sql: string) => this.ask({ kind: 'exec', sql, tx }) as Promise<Results[]>,
    };
  }

  private ask(message: Message): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private hear(message: FromDatabase): void {
    if (message.kind === 'notice') {
      for (const onNotice of this.listeners.get(message.channel) ?? []) onNotice(message.payload);
      return;
    }
    if (message.kind !== 'answer' && message.kind !== 'refusal') return;
    const call = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (message.kind === 'answer') call?.resolve(message.result);
    else call?.reject(rebuilt(message.error));
  }

  private stop(error: Error): void {
    this.stopped ??= error;
    for (const call of this.pending.values()) call.reject(this.stopped);
    this.pending.clear();
  }
}

/** The options as they can cross; a parser of drizzle's only keeps a type's text (dates, intervals). */
function crossing({ rowMode, parsers, paramTypes, ...rest }: QueryOptions): CrossingOptions {
  const other = Object.entries(rest).filter(([, value]) => value !== undefined);
  if (other.length > 0) {
    throw new Error(
      `Gömülü veritabanına iletilemeyen sorgu seçeneği: ${other.map(([key]) => key).join(', ')}`,
    );
  }
  return { rowMode, paramTypes, textTypes: parsers ? Object.keys(parsers).map(Number) : undefined };
}

/** The database's error on this thread, with the fields (`code`, `constraint`…) the services read. */
function rebuilt({ message, name, fields }: CrossingError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}
