// The compiled server that `npm start` and `npm run demo` run (decision 108): every module reachable from
// the server's entries is transpiled by esbuild to apps/server/dist, one .js file per .ts file at the same
// place (so paths read from `import.meta.url` — the web app, docs/, package.json — resolve as from src),
// with `.ts` imports pointing at the `.js` files. The contract package is compiled beside it
// (dist/contract) and its imports pointed there; npm packages stay imports. The migrations are copied.
// `--if-stale` builds only when dist is missing or older than a source file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverSrc = path.join(root, 'apps/server/src');
const contractSrc = path.join(root, 'packages/contract/src');
const dist = path.join(root, 'apps/server/dist');
const stamp = path.join(dist, '.built');
const thisScript = fileURLToPath(import.meta.url);

/** The programs: the server, the demo, and the worker threads they start (PDF rendering, the embedded database). */
const ENTRIES = ['main.ts', 'demo.ts', 'pdf/document-worker.ts', 'db/pglite-worker.ts'].map((file) =>
  path.join(serverSrc, file),
);
const CONTRACT_IMPORT = '@mandira/contract/';

if (!process.argv.includes('--if-stale') || isStale()) {
  console.log('Sunucu derleniyor...');
  const started = performance.now();
  const files = await build();
  console.log(`Sunucu derlendi: ${files} dosya, ${Math.round(performance.now() - started)} ms.`);
}

function isStale() {
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  const sources = [thisScript, ...filesUnder(serverSrc), ...filesUnder(contractSrc)];
  return sources.some((file) => fs.statSync(file).mtimeMs > built);
}

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** Where a source file's .js goes, relative to dist and without the extension. */
function outputOf(file) {
  if (file.startsWith(serverSrc + path.sep)) return path.relative(serverSrc, file).replace(/\.ts$/, '');
  if (file.startsWith(contractSrc + path.sep)) {
    return path.join('contract', path.relative(contractSrc, file).replace(/\.ts$/, ''));
  }
  throw new Error(`${file} is outside the server and the contract sources`);
}

async function build() {
  // Built aside and then swapped in, so a server never starts from a half-written folder.
  const next = `${dist}.next-${process.pid}`;
  fs.rmSync(next, { recursive: true, force: true });
  const done = new Set();
  let pending = ENTRIES;
  while (pending.length > 0) {
    const found = new Set();
    await esbuild.build({
      entryPoints: pending.map((file) => ({ in: file, out: outputOf(file) })),
      outdir: next,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
      plugins: [linkModules(found)],
    });
    for (const file of pending) done.add(file);
    pending = [...found].filter((file) => !done.has(file));
  }
  fs.cpSync(path.join(serverSrc, 'db/migrations'), path.join(next, 'db/migrations'), { recursive: true });
  fs.writeFileSync(path.join(next, '.built'), `${new Date().toISOString()}\n`);
  const old = `${dist}.old-${process.pid}`;
  try {
    fs.renameSync(dist, old);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  try {
    fs.renameSync(next, dist);
  } catch (error) {
    // Another start built the same sources at the same moment and swapped its build in first.
    if (!fs.existsSync(stamp)) throw error;
    fs.rmSync(next, { recursive: true, force: true });
  }
  fs.rmSync(old, { recursive: true, force: true });
  return done.size;
}

/** Every import stays an import: ours to the compiled .js (and compiled next), packages as they are. */
function linkModules(found) {
  const link = (importer, target) => {
    found.add(target);
    let relative = path
      .relative(path.dirname(outputOf(importer)), outputOf(target))
      .split(path.sep)
      .join('/');
    if (!relative.startsWith('.')) relative = `./${relative}`;
    return { path: `${relative}.js`, external: true };
  };
  return {
    name: 'link-modules',
    setup(builder) {
      builder.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        // Not a module of ours (none today): left as written.
        if (!args.path.endsWith('.ts')) return { path: args.path, external: true };
        return link(args.importer, path.resolve(args.resolveDir, args.path));
      });
      builder.onResolve({ filter: /^@mandira\/contract\// }, (args) =>
        link(args.importer, path.join(contractSrc, `${args.path.slice(CONTRACT_IMPORT.length)}.ts`)),
      );
      builder.onResolve({ filter: /^[^./]/ }, (args) =>
        args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
      );
    },
  };
}
