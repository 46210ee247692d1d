// Reads what the docs check holds the pages against: the repository's kept files, the words of its
// source and its npm scripts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path/posix';
import { ignoredPatterns, isIgnored, type Repository } from './citations.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Where a cited code name must occur: the apps (the migrations' SQL included), the contract, the
 * benchmarks, the scripts, CI and the root's configuration (`.dependency-cruiser.cjs`, biome.json…).
 * The docs check's own tests are left out: they name dead citations on purpose.
 */
const SOURCE_FOLDERS = ['apps/', 'packages/', 'bench/', 'scripts/', '.ci/'];
const NOT_SOURCE = /^(scripts\/docs-check\/.*\.test\.ts|package-lock\.json)$/;
const SOURCE_FILE = /(\.(ts|tsx|js|mjs|cjs|sql|json|css|html|ya?ml|webmanifest)|^\.ci\/run)$/;

export type ReadRepository = Repository & { read: (file: string) => string };

/** The pages the check reads: README.md and the Markdown under docs/. */
export function pagesOf(repository: Repository): string[] {
  return [...repository.files].filter((file) => file === 'README.md' || /^docs\/.*\.md$/.test(file)).sort();
}

export function readRepository(root = ROOT): ReadRepository {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const ignored = [...ignoredPatterns(read('.gitignore')), '.git'];
  const files = new Set<string>();
  const folders = new Set<string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const file = folder ? `${folder}/${entry.name}` : entry.name;
      if (isIgnored(ignored, file)) continue;
      if (entry.isDirectory()) {
        folders.add(file);
        walk(file);
      } else if (entry.isFile()) files.add(file);
    }
  };
  walk('');
  const wordsByFile = new Map<string, Set<string>>();
  const wordsOf = (file: string) => {
    let words = wordsByFile.get(file);
    if (!words) {
      words = new Set(read(file).match(/[A-Za-z_$][\w$]*/g));
      wordsByFile.set(file, words);
    }
    return words;
  };
  const words = new Set<string>();
  for (const file of files) {
    const inSource = SOURCE_FOLDERS.some((folder) => file.startsWith(folder)) || !file.includes('/');
    if (!inSource || !SOURCE_FILE.test(file) || NOT_SOURCE.test(file)) continue;
    for (const word of wordsOf(file)) words.add(word);
  }
  const scripts = new Map<string, Set<string>>();
  for (const file of files) {
    if (path.basename(file) !== 'package.json') continue;
    const manifest = JSON.parse(read(file));
    scripts.set(file === 'package.json' ? '' : manifest.name, new Set(Object.keys(manifest.scripts ?? {})));
  }
  return { files, folders, ignored, words, wordsOf, scripts, read };
}
