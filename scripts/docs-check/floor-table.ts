// The floor table of docs/architecture.md ("The module floors"), written from MODULE_FLOORS of
// .dependency-cruiser.cjs and from what each module's files import, so the page says what the lint
// enforces and what the code does. `npm run docs:floors` writes it; the docs check compares it.
import path from 'node:path/posix';
import vm from 'node:vm';

export const FLOOR_TABLE_PAGE = 'docs/architecture.md';
export const FLOORS_CONFIG = '.dependency-cruiser.cjs';
export const MODULES_FOLDER = 'apps/server/src/modules';
export const WRITE_COMMAND = 'npm run docs:floors';
export const BEGIN_MARKER = `<!-- floors:begin: written by \`${WRITE_COMMAND}\` from ${FLOORS_CONFIG}; edit there -->`;
export const END_MARKER = '<!-- floors:end -->';

/** A constant of the config by its name, read by running its initializer alone (a literal). */
function constantOf(config: string, name: string): unknown {
  const start = new RegExp(`^const ${name} = `, 'm').exec(config);
  if (!start) throw new Error(`${FLOORS_CONFIG} declares no ${name}`);
  const from = start.index + start[0].length;
  const end = config.slice(from).search(/;[ \t]*(\r?\n|$)/);
  if (end < 0) throw new Error(`${name} of ${FLOORS_CONFIG} does not end with ';' at a line's end`);
  return vm.runInNewContext(`(${config.slice(from, from + end)})`);
}

/** The module floors, lowest first, as MODULE_FLOORS lists them. */
export function moduleFloorsOf(config: string): string[][] {
  const floors = constantOf(config, 'MODULE_FLOORS');
  if (!Array.isArray(floors) || !floors.every((floor) => Array.isArray(floor))) {
    throw new Error(`MODULE_FLOORS of ${FLOORS_CONFIG} is not a list of lists of module names`);
  }
  return floors as string[][];
}

/** The files that the floor rules leave out (tests and their data), as TEST_FILES matches them. */
export function testFilesOf(config: string): RegExp {
  return new RegExp(String(constantOf(config, 'TEST_FILES')));
}

/** The other modules a module's file imports (statically, by type or lazily), by its relative imports. */
export function modulesImportedBy(file: string, source: string): string[] {
  const [, own] = /\/modules\/([^/]+)\//.exec(file) ?? [];
  const imported = new Set<string>();
  for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = path.join(path.dirname(file), match[1]!);
    const [, other] = /\/modules\/([^/]+)\//.exec(target) ?? [];
    if (other && other !== own) imported.add(other);
  }
  return [...imported].sort();
}

const code = (name: string) => `\`${name}\``;

/** The table, highest floor first: its number, its modules and the modules they import. */
export function renderFloorTable(
  floors: string[][],
  imports: ReadonlyMap<string, readonly string[]>,
): string {
  const rows = floors.map((floor, level) => {
    const importsOf = (name: string) => {
      const names = imports.get(name) ?? [];
      return names.length ? names.map(code).join(', ') : 'the ground only';
    };
    const stands =
      floor.length === 1
        ? importsOf(floor[0]!)
        : floor.map((name) => `${code(name)}: ${importsOf(name)}`).join('; ');
    return `| ${level + 1} | ${floor.map(code).join(', ')} | ${stands} |`;
  });
  return ['| floor | modules | what they import (tests aside) |', '|---:|---|---|', ...rows.reverse()].join(
    '\n',
  );
}

/** The page with `table` between the markers; the markers must be there. */
export function withFloorTable(page: string, table: string): string {
  const begin = page.indexOf('<!-- floors:begin');
  const end = page.indexOf(END_MARKER);
  if (begin < 0 || end < begin) {
    throw new Error(`${FLOOR_TABLE_PAGE} has no '<!-- floors:begin' … '${END_MARKER}' markers`);
  }
  return `${page.slice(0, begin)}${BEGIN_MARKER}\n${table}\n${page.slice(end)}`;
}

/** The page as `npm run docs:floors` would write it, from the repository's files. */
export function floorTablePage(
  files: Iterable<string>,
  read: (file: string) => string,
): { current: string; written: string } {
  const config = read(FLOORS_CONFIG);
  const floors = moduleFloorsOf(config);
  const testFiles = testFilesOf(config);
  const imports = new Map<string, string[]>();
  for (const file of files) {
    if (!file.startsWith(`${MODULES_FOLDER}/`) || !/\.tsx?$/.test(file) || testFiles.test(file)) continue;
    const own = file.split('/')[4]!;
    const found = new Set([...(imports.get(own) ?? []), ...modulesImportedBy(file, read(file))]);
    imports.set(own, [...found].sort());
  }
  const current = read(FLOOR_TABLE_PAGE);
  return { current, written: withFloorTable(current, renderFloorTable(floors, imports)) };
}
