// A worker thread started from the TypeScript source (tests, `npm run dev`, the e2e and bench servers):
// Node 20 gives a worker neither its process's loader nor one named in `execArgv`, so this plain module
// registers tsx's and then loads the worker's .ts entry (decisions 98 and 182, `worker-thread.ts`). The
// compiled server that `npm start` runs (decision 108) starts its .js workers directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
