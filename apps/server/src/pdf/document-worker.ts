import { parentPort } from 'node:worker_threads';
import { drawRequested } from './documents.ts';
import type { RenderReply, RenderRequest } from './render-pool.ts';

/** A render worker's entry (decision 98): draws one document at a time and sends the file back. */
parentPort?.on('message', async ({ id, ...request }: RenderRequest) => {
  let reply: RenderReply;
  try {
    const drawn = await drawRequested(request);
    // A small Buffer may be a slice of Node's shared pool, which cannot be handed over whole.
    const file = drawn.byteLength === drawn.buffer.byteLength ? drawn : new Uint8Array(drawn);
    reply = { id, file };
  } catch (error) {
    reply = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  // The file's memory moves to the main thread instead of being copied.
  const transfer = 'file' in reply ? [reply.file.buffer as ArrayBuffer] : [];
  parentPort!.postMessage(reply, transfer);
});
