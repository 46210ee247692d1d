import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kB, readManifest, staticClosure, weigh } from './bundle-manifest.ts';
import { REPO_ROOT } from './settings.ts';

/** Issue 17: what the browser loads before the sign-in page can be used, in gzip bytes. */
const INITIAL_JS_BUDGET = 170_000;
/** A screen's own chunk (the libraries it shares with other screens come in chunks of their own). */
const SCREEN_CHUNK_BUDGET = 100_000;
/** Large libraries that only some actions need: loaded by `import()` when first used. */
const ON_DEMAND_PACKAGES = ['exceljs', 'recharts', '@mantine/charts'];

const dist = path.join(REPO_ROOT, 'apps/web/dist');
const manifest = readManifest(dist);
const chunkPackages = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite/chunk-packages.json'), 'utf8'),
) as Record<string, string[]>;

const signIn = manifest['src/app/sign-in-page.tsx'];
// The sign-in page is part of the entry today; were it made lazy, its chunk would count too.
const initial = staticClosure(manifest, signIn ? ['index.html', 'src/app/sign-in-page.tsx'] : ['index.html']);
const screens = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && /^src\/features\/.+-page\.tsx$/.test(key))
  .map(([key]) => key)
  .sort();

describe('the built web app stays light', () => {
  it('loads at most 170 kB gzip of JavaScript before the sign-in page is usable', () => {
    const weight = weigh(dist, manifest, initial);
    console.info(`İlk yükleme: ${kB(weight.js)} kB JS, ${kB(weight.css)} kB CSS (gzip)`);
    expect(weight.js).toBeGreaterThan(50_000); // a sanity check that the closure was followed
    expect(weight.js).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
  });

  it("keeps every screen's own chunk at most 100 kB gzip", () => {
    expect(screens.length).toBeGreaterThanOrEqual(14);
    const heavy: string[] = [];
    for (const screen of screens) {
      const own = weigh(dist, manifest, [screen]).js;
      const extra = weigh(
        dist,
        manifest,
        [...staticClosure(manifest, [screen])].filter((key) => !initial.has(key)),
      ).js;
      console.info(`${screen}: ${kB(own)} kB, with its libraries ${kB(extra)} kB (gzip)`);
      if (own > SCREEN_CHUNK_BUDGET) heavy.push(`${screen} (${kB(own)} kB)`);
    }
    expect(heavy).toEqual([]);
  });

  it('loads Excel and the charts only when they are used, never with a page', () => {
    const holders = Object.entries(chunkPackages)
      .filter(([, packages]) => packages.some((name) => ON_DEMAND_PACKAGES.includes(name)))
      .map(([file]) => file);
    for (const name of ON_DEMAND_PACKAGES) {
      expect(
        Object.values(chunkPackages).some((packages) => packages.includes(name)),
        name,
      ).toBe(true);
    }
    const loadedWithAPage = new Set(
      [...initial, ...screens.flatMap((screen) => [...staticClosure(manifest, [screen])])].map(
        (key) => manifest[key]!.file,
      ),
    );
    expect(holders.filter((file) => loadedWithAPage.has(file))).toEqual([]);
  });
});
