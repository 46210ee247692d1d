import v8 from 'node:v8';

/**
 * How far the old generation may grow past what the last full collection kept, in percent (decision
 * 194). V8 chooses a factor near its minimum (1.1–1.2) for a heap as small as the server's (about
 * 55 MB live), so under any load it ran a full mark-compact every 4–6 s. Doubling lets a server's heap
 * reach about 115 MB between collections and collect about once every half minute.
 */
const HEAP_GROWING_PERCENT = 100;

// Both are read by V8 at each full collection, so setting them at start, before the first, is enough.
v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
// The server's code is a fixed, small set that runs all day: its compiled bytecode is kept rather than
// thrown away after a few full collections and compiled again at its next call (decision 194).
v8.setFlagsFromString('--no-flush-bytecode');
