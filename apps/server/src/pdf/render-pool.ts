import type { Worker } from 'node:worker_threads';
import { UnavailableError } from '../http/errors.ts';
import { startWorkerThread } from '../threads/worker-thread.ts';
import type { DrawingRequest, PdfDrawing } from './documents.ts';
import { pdfBuffer } from './pdf-document.ts';

/**
 * Documents are drawn on worker threads, not on the thread that answers every other request
 * (decision 98): a few workers, started when first needed, and a bounded line of documents waiting
 * for one. A document that finds the line full is refused at once with 503 and `Retry-After`.
 *
 * The line is shared fairly between users (decision 149): one user holds at most the workers and half
 * of the line; the workers take the users' documents in turn, not in arrival order;
 * and when the line is full, a user who holds fewer documents than another takes the place of that
 * one's newest waiting document, which is refused instead. One user asking for a hundred documents at
 * once is refused beyond their share and never gets another user's document refused.
 */

export type RenderRequest = { id: number } & DrawingRequest;
export type RenderReply = { id: number; file: Uint8Array } | { id: number; error: string };

export type RenderPoolOptions = {
  /** Worker threads; 0 draws on the calling thread, as before decision 98 (for comparison). */
  workers: number;
  /** Documents that may wait for a worker beyond those being drawn. */
  queueLimit: number;
};

export const RENDER_BUSY_MESSAGE =
  'Şu anda çok sayıda belge hazırlanıyor, bu belge sıraya alınamadı. Lütfen birkaç saniye sonra tekrar deneyin.';
export const RENDER_CLOSING_MESSAGE = 'Sunucu kapanıyor, belge hazırlanamadı. Lütfen tekrar deneyin.';

type Job = {
  id: number;
  /** Whose document it is: the signed-in user, '' for a caller that names no one. */
  owner: string;
  request: DrawingRequest;
  resolve: (file: Uint8Array) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; job?: Job; startedAt: number };

function startWorker(): Worker {
  return startWorkerThread(import.meta.url, './document-worker', 'belge');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's render workers (decision 98). */
    documents: RenderPool;
  }
}

export class RenderPool {
  private readonly slots = new Set<Slot>();
  /** The waiting documents of each user, oldest first; the map's order is whose turn comes next. */
  private readonly lines = new Map<string, Job[]>();
  private queued = 0;
  /** Documents each user has in the pool, being drawn or waiting. */
  private readonly held = new Map<string, number>();
  private nextId = 1;
  /** A running mean of how long a document takes, for `Retry-After`; a guess before the first. */
  private meanMs = 500;
  private closed = false;

  constructor(private readonly options: RenderPoolOptions) {}

  /** The finished file, drawn from plain data for no one in particular (see `renderFor`). */
  render<A extends unknown[]>(drawing: PdfDrawing<A>, ...args: A): Promise<Uint8Array> {
    return this.renderFor('', drawing, ...args);
  }

  /**
   * The finished file of `owner`'s document (a user id); rejects with a 503 error when the owner holds
   * their share of the pool already, or the line is full of documents of users holding no more.
   */
  renderFor<A extends unknown[]>(
    owner: string | number,
    drawing: PdfDrawing<A>,
    ...args: A
  ): Promise<Uint8Array> {
    if (this.options.workers === 0) return pdfBuffer(drawing.draw(...args));
    if (this.closed) return Promise.reject(new UnavailableError(RENDER_CLOSING_MESSAGE, 5));
    const who = String(owner);
    const hasRoom =
      this.idleSlot() !== undefined ||
      this.slots.size < this.options.workers ||
      this.queued < this.options.queueLimit;
    if ((this.held.get(who) ?? 0) >= this.share() || (!hasRoom && !this.makeRoomFor(who))) {
      return Promise.reject(new UnavailableError(RENDER_BUSY_MESSAGE, this.retryAfterSeconds()));
    }
    return new Promise((resolve, reject) => {
      const job = {
        id: this.nextId++,
        owner: who,
        request: { file: drawing.file, name: drawing.name, args },
        resolve,
        reject,
      };
      const line = this.lines.get(who);
      if (line) line.push(job);
      else this.lines.set(who, [job]);
      this.queued += 1;
      this.hold(who, 1);
      this.pump();
    });
  }

  /** Documents being drawn and waiting, and the workers running. */
  stats(): { running: number; queued: number; workers: number } {
    const running = [...this.slots].filter((slot) => slot.job).length;
    return { running, queued: this.queued, workers: this.slots.size };
  }

  /** Refuses what waits and stops the workers (what they draw is refused too). */
  async close(): Promise<void> {
    this.closed = true;
    for (const line of this.lines.values()) {
      for (const job of line) job.reject(new UnavailableError(RENDER_CLOSING_MESSAGE, 5));
    }
    this.lines.clear();
    this.queued = 0;
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
  }

  /** The most documents one user may hold in the pool: the workers and half of the line. */
  private share(): number {
    return this.options.workers + Math.ceil(this.options.queueLimit / 2);
  }

  private hold(owner: string, change: number): void {
    const held = (this.held.get(owner) ?? 0) + change;
    if (held > 0) this.held.set(owner, held);
    else this.held.delete(owner);
  }

  /**
   * A full line makes room for `owner` when another user holds at least two documents more: that
   * user's newest waiting document is refused, as it would have been had it come last.
   */
  private makeRoomFor(owner: string): boolean {
    const mine = this.held.get(owner) ?? 0;
    let biggest: string | undefined;
    for (const [other, line] of this.lines) {
      if (line.length === 0 || other === owner) continue;
      if (biggest === undefined || (this.held.get(other) ?? 0) > (this.held.get(biggest) ?? 0))
        biggest = other;
    }
    if (biggest === undefined || (this.held.get(biggest) ?? 0) < mine + 2) return false;
    const line = this.lines.get(biggest)!;
    const evicted = line.pop()!;
    if (line.length === 0) this.lines.delete(biggest);
    this.queued -= 1;
    this.hold(biggest, -1);
    evicted.reject(new UnavailableError(RENDER_BUSY_MESSAGE, this.retryAfterSeconds()));
    return true;
  }

  /** The next waiting document, the users taking turns: whose came is moved to the back. */
  private nextJob(): Job | undefined {
    for (const [owner, line] of this.lines) {
      const job = line.shift()!;
      this.lines.delete(owner);
      if (line.length > 0) this.lines.set(owner, line);
      this.queued -= 1;
      return job;
    }
    return undefined;
  }

  /** Seconds until the documents now in line are likely drawn: at least 1, at most a minute. */
  private retryAfterSeconds(): number {
    const { running, queued } = this.stats();
    const seconds = ((running + queued) * this.meanMs) / Math.max(1, this.options.workers) / 1000;
    return Math.min(60, Math.max(1, Math.ceil(seconds)));
  }

  private idleSlot(): Slot | undefined {
    for (const slot of this.slots) if (!slot.job) return slot;
    return undefined;
  }

  private pump(): void {
    while (!this.closed && this.queued > 0) {
      const slot = this.idleSlot() ?? (this.slots.size < this.options.workers ? this.spawn() : undefined);
      if (!slot) return;
      const job = this.nextJob()!;
      slot.job = job;
      slot.startedAt = performance.now();
      try {
        slot.worker.postMessage({ id: job.id, ...job.request } satisfies RenderRequest);
      } catch (error) {
        // Data that cannot cross to a thread (a function, say) is a programming error: a 500.
        this.finish(slot);
        job.reject(error as Error);
      }
    }
  }

  /** The slot's document is done (drawn, failed or refused): its owner holds one fewer. */
  private finish(slot: Slot): Job | undefined {
    const job = slot.job;
    slot.job = undefined;
    if (job) this.hold(job.owner, -1);
    return job;
  }

  private spawn(): Slot {
    const worker = startWorker();
    // Idle workers never keep the process alive; a request waiting for one does.
    worker.unref();
    const slot: Slot = { worker, startedAt: 0 };
    this.slots.add(slot);
    worker.on('message', (reply: RenderReply) => {
      if (!slot.job || slot.job.id !== reply.id) return;
      const job = this.finish(slot)!;
      this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - slot.startedAt);
      if ('file' in reply) job.resolve(reply.file);
      else job.reject(new Error(`the document could not be drawn: ${reply.error}`));
      this.pump();
    });
    worker.on('error', (error) => this.retire(slot, error));
    worker.on('exit', (code) => this.retire(slot, new Error(`the render worker stopped (exit ${code})`)));
    return slot;
  }

  /** A worker that failed or stopped: its document is refused, and another takes its place if needed. */
  private retire(slot: Slot, error: Error): void {
    if (!this.slots.delete(slot)) return;
    this.finish(slot)?.reject(error);
    void slot.worker.terminate();
    this.pump();
  }
}
