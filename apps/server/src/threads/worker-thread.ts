import { Worker } from 'node:worker_threads';

// From the TypeScript source (tests, `npm run dev`, the e2e and bench servers) a worker's entry is a .ts
// file, loaded through ts-worker.mjs; once the server is compiled (`npm start`, decision 108) it is the
// .js file the build wrote beside its caller.
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * Starts one of the server's worker threads (the PDF render workers of decision 98, the embedded
 * database of decision 182): `file` is the entry without its extension, relative to `callerUrl`.
 */
export function startWorkerThread(
  callerUrl: string,
  file: string,
  name: string,
  workerData: Record<string, unknown> = {},
): Worker {
  const entry = new URL(`${file}${FROM_SOURCE ? '.ts' : '.js'}`, callerUrl);
  if (!FROM_SOURCE) return new Worker(entry, { name, workerData });
  return new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    name,
    workerData: { ...workerData, entry: entry.href },
  });
}
