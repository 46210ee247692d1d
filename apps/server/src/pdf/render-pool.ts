import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { UnavailableError } from '../http/errors.ts';
import type { DrawingRequest, PdfDrawing } from './documents.ts';
import { pdfBuffer } from './pdf-document.ts';

/**
 * Documents are drawn on worker threads, not on the thread that answers every other request
 * (decision 98): a few workers, started when first needed, and a bounded line of documents waiting
 * for one. A document that finds the line full is refused at once with 503 and `Retry-After`.
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
  request: DrawingRequest;
  resolve: (file: Uint8Array) => void;
  reject: (error: Error) => void;
};
type Slot = { worker: Worker; job?: Job; startedAt: number };

// From the TypeScript source (tests, `npm run dev`, the e2e and bench servers) the worker is a .ts file,
// loaded through ts-worker.mjs; once the server is compiled (`npm start`, decision 108) it is the .js file
// beside this one.
const extension = path.extname(new URL(import.meta.url).pathname);
const WORKER_URL = new URL(`./document-worker${extension}`, import.meta.url);

function startWorker(): Worker {
  if (extension !== '.ts') return new Worker(WORKER_URL, { name: 'belge' });
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    name: 'belge',
    workerData: { entry: WORKER_URL.href },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's render workers (decision 98). */
    documents: RenderPool;
  }
}

export class RenderPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** A running mean of how long a document takes, for `Retry-After`; a guess before the first. */
  private meanMs = 500;
  private closed = false;

  constructor(private readonly options: RenderPoolOptions) {}

  /** The finished file, drawn from plain data; rejects with a 503 error when the line is full. */
  render<A extends unknown[]>(drawing: PdfDrawing<A>, ...args: A): Promise<Uint8Array> {
    if (this.options.workers === 0) return pdfBuffer(drawing.draw(...args));
    if (this.closed) return Promise.reject(new UnavailableError(RENDER_CLOSING_MESSAGE, 5));
    const hasRoom =
      this.idleSlot() !== undefined ||
      this.slots.size < this.options.workers ||
      this.queue.length < this.options.queueLimit;
    if (!hasRoom) return Promise.reject(new UnavailableError(RENDER_BUSY_MESSAGE, this.retryAfterSeconds()));
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        request: { file: drawing.file, name: drawing.name, args },
        resolve,
        reject,
      });
      this.pump();
    });
  }

  /** Documents being drawn and waiting, and the workers running. */
  stats(): { running: number; queued: number; workers: number } {
    const running = [...this.slots].filter((slot) => slot.job).length;
    return { running, queued: this.queue.length, workers: this.slots.size };
  }

  /** Refuses what waits and stops the workers (what they draw is refused too). */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new UnavailableError(RENDER_CLOSING_MESSAGE, 5));
    await Promise.all([...this.slots].map((slot) => slot.worker.terminate()));
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
    while (!this.closed && this.queue.length > 0) {
      const slot = this.idleSlot() ?? (this.slots.size < this.options.workers ? this.spawn() : undefined);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.startedAt = performance.now();
      try {
        slot.worker.postMessage({ id: job.id, ...job.request } satisfies RenderRequest);
      } catch (error) {
        // Data that cannot cross to a thread (a function, say) is a programming error: a 500.
        slot.job = undefined;
        job.reject(error as Error);
      }
    }
  }

  private spawn(): Slot {
    const worker = startWorker();
    // Idle workers never keep the process alive; a request waiting for one does.
    worker.unref();
    const slot: Slot = { worker, startedAt: 0 };
    this.slots.add(slot);
    worker.on('message', (reply: RenderReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = undefined;
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
    slot.job?.reject(error);
    slot.job = undefined;
    void slot.worker.terminate();
    this.pump();
  }
}
