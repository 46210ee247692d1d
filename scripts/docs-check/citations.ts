// Whether the repository still holds what a page of the docs cites. Pure functions: the files and words
// of the repository are handed in (repository.ts reads them), so the rules are tested alone.
//
// The rules (decision 176):
// - A Markdown link to a file of the repository must resolve from the page's own folder, as a reader's
//   viewer follows it; an address (http:, mailto:) or an anchor alone is not checked.
// - A code span (text in backticks, outside fenced blocks) is read as one of:
//   - a path: no spaces, and a slash or a known file extension (`http/errors.ts`, `src/modules/orders/`,
//     `ledger.ts`). With a slash inside, it must exist relative to the repository's root, the page's
//     folder, or one of AREA_ROOTS, since the docs write `http/auth.ts` for the server's files and
//     `lib/forms/` for the web's; a bare name (`ledger.ts`, `forms/`) must be the name of some file or
//     folder. A trailing slash asks for a folder. An import specifier's leading `./` and `../` are
//     dropped (`../../lib/forms/number-field.tsx`). `@mandira/contract/<area>` is the contract's
//     `src/<area>.ts`; a migration's name (`0021_buyer_balances`) is its file in MIGRATIONS.
//   - a code name: an identifier shaped like one (camelCase, PascalCase of two humps or more,
//     CONSTANT_CASE or ALLCAPS, snake_case, or any name written as a call, `next()`), alone or in a
//     dotted chain (`JSON.stringify`: each part of those shapes). It must occur as a word in the
//     source (repository.ts says where). snake_case is matched in either case, as SQL reads it and as
//     the demo users are named (`sales_admin`: the role SALES_ADMIN in lower case). A `NAME=value`
//     setting has its NAME checked. Names that PostgreSQL, its tools and the proxies in front of the
//     portal define are not the portal's to hold: those beginning `pg_`, and OUTSIDE_NAMES.
//   - `npm run <script>`, with `-w <workspace>` or not: the script must be in that package.json.
//   - anything else is skipped: words and sentences, HTTP paths and URLs (`/api/docs`, `GET /orders`),
//     MIME types, time zones (`Europe/Istanbul`), headers (`X-Total-Count`), a lone extension (`.ts`),
//     numbers, Turkish text, and placeholders (`<area>`, `*`, `…`, `NNNN`), which stand for many paths.
// - A code name followed by the file that holds it — "`ITEM_TONS` (`load-figures/shipment-figures.ts`)",
//   "`X`, `file`", "`X` in `file`" — or a file followed by its name, "`file`: `X`", says where the name
//   is: it must occur in that file.
// - A path inside what .gitignore ignores (`dist/`, `data/`) is what a build or a run writes, not a
//   file kept in the repository: it is not looked for.

import path from 'node:path/posix';
import { type Citation, citationsOf } from './markdown.ts';

/** What a citation asks of the repository. */
export type Claim =
  | { kind: 'path'; path: string }
  | { kind: 'names'; names: string[] }
  | { kind: 'script'; name: string; workspace: string }
  | { kind: 'skip' };

/** What the check knows of the repository. */
export type Repository = {
  /** Every kept file, relative to the root, with forward slashes. */
  files: ReadonlySet<string>;
  /** Every folder of a kept file, relative to the root, without a trailing slash. */
  folders: ReadonlySet<string>;
  /** The patterns of .gitignore (`dist/`, `bench/results/`, `*.log`). */
  ignored: readonly string[];
  /** Every identifier of the source. */
  words: ReadonlySet<string>;
  /** The identifiers of one kept file. */
  wordsOf: (file: string) => ReadonlySet<string>;
  /** The npm scripts of each package.json, by the package's name; the root's under ''. */
  scripts: ReadonlyMap<string, ReadonlySet<string>>;
};

/** A citation the repository does not hold, and why when the name or path alone is not the reason. */
export type DeadCitation = { line: number; text: string; why?: string };

/** The folders the docs write paths from without naming them: the packages and the server's modules. */
export const AREA_ROOTS = [
  'apps/server',
  'apps/server/src',
  'apps/server/src/modules',
  'apps/web',
  'apps/web/src',
  'packages/contract',
  'packages/contract/src',
  'docs',
];

export const MIGRATIONS = 'apps/server/src/db/migrations';

/**
 * Names that the software around the portal defines, which the docs cite to say how to set it up or
 * what was compared: not the portal's to hold. PostgreSQL's own (`pg_dump`, `pg_stat_statements`) go by
 * their prefix.
 */
export const OUTSIDE_NAMES: Record<string, string> = {
  CONNECT: "PostgreSQL's privilege to connect to a database",
  join_collapse_limit: "PostgreSQL's planner setting",
  ignore_startup_parameters: "PgBouncer's setting for the parameters it passes over",
  keepalive_timeout: "nginx's setting for idle upstream connections",
  stringifySetCookie: "the cookie package's function, whose versions decision 46 compares",
};

const EXTENSION =
  /\.(ts|tsx|js|mjs|cjs|json|md|sql|css|html|ya?ml|webmanifest|svg|png|ico|woff2?|ttf|txt|sh|xlsx|pdf)$/;
const PLACEHOLDER = /[<>*…{}$[\]|]|\.\.\.|(^|\/)N{2,}/;
const PATH_SHAPE = /^[\w@.-]+(\/[\w@.-]+)*\/?$/;
const MIME = /^(application|text|image|font|audio|video|multipart)\/[\w.+-]+$/;
const TIME_ZONE = /^[A-Z][a-z]+\/[A-Z][A-Za-z_]+$/;
const CHAIN = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(\(.*\))?$/;
const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;
/** What stands between a name and the file said to hold it. */
const NAME_THEN_FILE = /^\s*(\(|,|\bin\b)\s*$/;
const FILE_THEN_NAME = /^\s*:\s*$/;

/** What a link target asks for: a file or folder of the repository, or nothing (an address, an anchor). */
export function claimOfLink(target: string): Claim {
  if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('#')) return { kind: 'skip' };
  const file = decodeURI(target.replace(/[?#].*$/, ''));
  return file ? { kind: 'path', path: file } : { kind: 'skip' };
}

/** What a code span asks for, by the rules in this file's header. */
export function claimOfCode(span: string): Claim {
  const script = /^npm run ([\w:.-]+)(?:\s+(?:-w|--workspace)[= ](\S+))?/.exec(span);
  if (script) return { kind: 'script', name: script[1]!, workspace: script[2] ?? '' };
  if (/\s/.test(span)) return { kind: 'skip' };
  const setting = /^([A-Z][A-Z0-9_]*)=\S*$/.exec(span);
  if (setting) return namesClaim([setting[1]!]);
  if (PLACEHOLDER.test(span) || MIME.test(span) || TIME_ZONE.test(span)) return { kind: 'skip' };
  if (span.startsWith('/') || span.includes('://') || /^\.\w+$/.test(span)) return { kind: 'skip' };
  if (/^\d{4}_[a-z0-9_]+$/.test(span)) return { kind: 'path', path: `${MIGRATIONS}/${span}.sql` };
  const contract = /^@mandira\/contract\/([\w-]+)$/.exec(span);
  if (contract) return { kind: 'path', path: `packages/contract/src/${contract[1]}.ts` };
  if (span.startsWith('@')) return { kind: 'skip' };
  const file = span.replace(/^(\.\.?\/)+/, '');
  if (!file) return { kind: 'skip' };
  if (PATH_SHAPE.test(file) && (file.includes('/') || EXTENSION.test(file)))
    return { kind: 'path', path: file };
  const chain = CHAIN.exec(span);
  if (!chain) return { kind: 'skip' };
  const parts = chain[1]!.split('.');
  const called = chain[2] !== undefined;
  return namesClaim(parts.filter((part, i) => looksLikeCodeName(part) || (called && i === parts.length - 1)));
}

function namesClaim(names: string[]): Claim {
  const ours = names.filter((name) => !isOutsideName(name));
  return ours.length ? { kind: 'names', names: ours } : { kind: 'skip' };
}

/**
 * An identifier that reads as code rather than as a word: camelCase, PascalCase of two humps or more,
 * CONSTANT_CASE or ALLCAPS of two letters or more, snake_case. A plain word (`page`, `Depo`) is not
 * checked: the source holds it whether or not the page means a name.
 */
export function looksLikeCodeName(word: string): boolean {
  return (
    /^[a-z][a-z0-9]*[A-Z][\w$]*$/.test(word) ||
    /^_?[A-Z][a-z0-9]+[A-Z][\w$]*$/.test(word) ||
    /^[A-Z][A-Z0-9_]+$/.test(word) ||
    SNAKE_CASE.test(word)
  );
}

export function isOutsideName(name: string): boolean {
  return name.startsWith('pg_') || Object.hasOwn(OUTSIDE_NAMES, name);
}

/** Whether the source holds a name; snake_case in either case. */
export function nameHeld(words: ReadonlySet<string>, name: string): boolean {
  return words.has(name) || (SNAKE_CASE.test(name) && words.has(name.toUpperCase()));
}

/**
 * The kept files a path names, read from a page in `pageFolder`: `null` when nothing answers it, `[]`
 * when a folder or an ignored output does.
 */
export function resolvePath(
  repository: Repository,
  cited: string,
  pageFolder: string,
  kind: Citation['kind'],
): string[] | null {
  const wantsFolder = cited.endsWith('/');
  const bare = cited.replace(/\/+$/, '');
  if (kind === 'code' && !bare.includes('/')) {
    if (isIgnored(repository.ignored, bare)) return [];
    const named = (set: ReadonlySet<string>) => [...set].filter((one) => path.basename(one) === bare);
    if (named(repository.folders).length) return [];
    const files = wantsFolder ? [] : named(repository.files);
    return files.length ? files : null;
  }
  const bases = kind === 'link' ? [pageFolder] : ['', pageFolder, ...AREA_ROOTS];
  const files: string[] = [];
  let found = false;
  for (const base of bases) {
    const candidate = path.normalize(path.join(base, bare));
    if (candidate === '.' || candidate.startsWith('..')) {
      found ||= candidate === '.';
      continue;
    }
    if (!wantsFolder && repository.files.has(candidate)) files.push(candidate);
    else if (repository.folders.has(candidate) || isIgnored(repository.ignored, candidate)) found = true;
  }
  return files.length || found ? files : null;
}

/** Whether a path lies in what .gitignore leaves out of the repository (build output, run data). */
export function isIgnored(ignored: readonly string[], file: string): boolean {
  const segments = file.split('/');
  return ignored.some((pattern) => {
    const bare = pattern.replace(/^\/|\/$/g, '');
    if (bare.includes('/')) return file === bare || file.startsWith(`${bare}/`);
    if (bare.startsWith('*.')) return file.endsWith(bare.slice(1));
    return segments.includes(bare);
  });
}

/** The patterns of a .gitignore file, comments, negations and blank lines left out. */
export function ignoredPatterns(gitignore: string): string[] {
  return gitignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'));
}

/** The citations of one page that the repository does not hold, in the page's order. */
export function deadCitations(repository: Repository, page: string, markdown: string): DeadCitation[] {
  const folder = path.dirname(page);
  const read = citationsOf(markdown).map((citation) => {
    const claim = citation.kind === 'link' ? claimOfLink(citation.text) : claimOfCode(citation.text);
    const files = claim.kind === 'path' ? resolvePath(repository, claim.path, folder, citation.kind) : null;
    return { citation, claim, files };
  });
  const dead: DeadCitation[] = [];
  for (const [i, { citation, claim, files }] of read.entries()) {
    const { line, text } = citation;
    if (claim.kind === 'path' && files === null) dead.push({ line, text });
    if (claim.kind === 'script' && !repository.scripts.get(claim.workspace)?.has(claim.name)) {
      dead.push({ line, text });
    }
    if (claim.kind !== 'names') continue;
    if (claim.names.some((name) => !nameHeld(repository.words, name))) {
      dead.push({ line, text });
      continue;
    }
    // The file said to hold the name: the next span after "(", "," or "in", or the one before ":".
    const next = read[i + 1];
    const previous = read[i - 1];
    const between = (from: Citation, to: Citation) => markdown.slice(from.end, to.start);
    const holder =
      next && NAME_THEN_FILE.test(between(citation, next.citation))
        ? next
        : previous && FILE_THEN_NAME.test(between(previous.citation, citation))
          ? previous
          : undefined;
    const holderFiles = holder?.citation.kind === 'code' ? (holder.files ?? []) : [];
    if (!holderFiles.length) continue;
    const held = (name: string) => holderFiles.some((file) => nameHeld(repository.wordsOf(file), name));
    if (!claim.names.every(held)) dead.push({ line, text, why: `not in ${holder!.citation.text}` });
  }
  return dead;
}
