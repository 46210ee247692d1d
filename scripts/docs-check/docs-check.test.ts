import { describe, expect, it } from 'vitest';
import { claimOfCode, deadCitations, type Repository, resolvePath } from './citations.ts';
import { decisionLogProblems, decisionOf, supersededBy } from './decisions.ts';
import {
  END_MARKER,
  moduleFloorsOf,
  modulesImportedBy,
  renderFloorTable,
  testFilesOf,
  withFloorTable,
} from './floor-table.ts';
import { citationsOf } from './markdown.ts';

const files = [
  'README.md',
  'docs/architecture.md',
  'docs/domain/money.md',
  'apps/server/src/http/errors.ts',
  'apps/server/src/modules/accounting/ledger.ts',
  'apps/server/src/modules/load-figures/shipment-figures.ts',
  'apps/server/src/modules/shipments/shipment.repo.ts',
  'apps/server/src/db/migrations/0021_buyer_balances.sql',
  'apps/web/src/lib/forms/number-field.tsx',
  'packages/contract/src/orders.ts',
];
const folders = new Set(
  files.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const sources: Record<string, string> = {
  'apps/server/src/modules/load-figures/shipment-figures.ts': 'export const ITEM_TONS = 1;',
  'apps/server/src/modules/shipments/shipment.repo.ts': 'export function findShipments() {}',
};
const repository: Repository = {
  files: new Set(files),
  folders,
  ignored: ['node_modules/', 'dist/', 'bench/results/'],
  words: new Set([
    'ITEM_TONS',
    'findShipments',
    'newOrderEntries',
    'AppError',
    'BUYER_BALANCES',
    'SALES_ADMIN',
  ]),
  wordsOf: (file) => new Set(sources[file]?.match(/\w+/g)),
  scripts: new Map([
    ['', new Set(['lint', 'docs:floors'])],
    ['@mandira/server', new Set(['db:generate'])],
  ]),
};
const dead = (markdown: string, page = 'docs/domain/money.md') =>
  deadCitations(repository, page, markdown).map(({ text, why }) => (why ? `${text} (${why})` : text));

describe('the citations of a page', () => {
  it('reads code spans and links outside fenced blocks, with their lines', () => {
    const page = [
      '# Money',
      '',
      'Kept by `refreshDealtTotal` ([orders](orders.md)).',
      '```',
      '`inFence`',
      '```',
    ];
    expect(citationsOf(page.join('\n')).map(({ kind, text, line }) => [kind, text, line])).toEqual([
      ['code', 'refreshDealtTotal', 3],
      ['link', 'orders.md', 3],
    ]);
  });

  it('reads a span broken over two lines and one of double backticks, and leaves a lone backtick', () => {
    const page = 'The `a\nb` span, ``x `y` z``, and a ` alone.';
    expect(citationsOf(page).map(({ text }) => text)).toEqual(['a b', 'x `y` z']);
  });
});

describe('what a code span claims', () => {
  it.each([
    ['apps/server/src/http/errors.ts', { kind: 'path', path: 'apps/server/src/http/errors.ts' }],
    ['ledger.ts', { kind: 'path', path: 'ledger.ts' }],
    ['lib/forms/', { kind: 'path', path: 'lib/forms/' }],
    ['../../lib/forms/number-field.tsx', { kind: 'path', path: 'lib/forms/number-field.tsx' }],
    ['@mandira/contract/orders', { kind: 'path', path: 'packages/contract/src/orders.ts' }],
    ['0021_buyer_balances', { kind: 'path', path: 'apps/server/src/db/migrations/0021_buyer_balances.sql' }],
    ['appendNewOrderTransaction', { kind: 'names', names: ['appendNewOrderTransaction'] }],
    ['ITEM_TONS', { kind: 'names', names: ['ITEM_TONS'] }],
    ['JSON.stringify', { kind: 'names', names: ['JSON'] }],
    ['reply.hijack()', { kind: 'names', names: ['hijack'] }],
    ['ANSWER_CACHE_MB=0', { kind: 'names', names: ['ANSWER_CACHE_MB'] }],
    ['npm run docs:floors', { kind: 'script', name: 'docs:floors', workspace: '' }],
    [
      'npm run db:generate -w @mandira/server',
      { kind: 'script', name: 'db:generate', workspace: '@mandira/server' },
    ],
  ])('%s', (span, claim) => {
    expect(claimOfCode(span)).toEqual(claim);
  });

  it.each([
    'GET /orders',
    '/api/docs',
    'npm test',
    'application/json',
    'Europe/Istanbul',
    'X-Total-Count',
    'packages/contract/src/<area>.ts',
    '*.test.ts',
    '/orders/…/plan-shipment-vehicle',
    'docs/decisions/NNNN-short-title.md',
    '.ts',
    'page',
    'Depo',
    '12.500,5',
    "'Sepete Eklenmiştir'",
    'pg_stat_statements',
    'keepalive_timeout',
  ])('%s is skipped', (span) => {
    expect(claimOfCode(span)).toEqual({ kind: 'skip' });
  });
});

describe('where a path is found', () => {
  it('from the root, the areas and by its bare name; a link only from its page', () => {
    const found = (path: string, kind: 'code' | 'link' = 'code') =>
      resolvePath(repository, path, 'docs/domain', kind);
    expect(found('apps/server/src/http/errors.ts')).toEqual(['apps/server/src/http/errors.ts']);
    expect(found('http/errors.ts')).toEqual(['apps/server/src/http/errors.ts']);
    expect(found('accounting/ledger.ts')).toEqual(['apps/server/src/modules/accounting/ledger.ts']);
    expect(found('lib/forms/')).toEqual([]);
    expect(found('ledger.ts')).toEqual(['apps/server/src/modules/accounting/ledger.ts']);
    expect(found('forms/')).toEqual([]);
    expect(found('dist/assets/')).toEqual([]);
    expect(found('../architecture.md', 'link')).toEqual(['docs/architecture.md']);
    expect(found('docs/architecture.md', 'link')).toBeNull();
    expect(found('http/errors.ts/')).toBeNull();
    expect(found('orders/order-review.service.ts')).toBeNull();
  });
});

describe('dead citations', () => {
  it('lists paths, names and scripts the repository does not hold', () => {
    const page = [
      '`appendNewOrderTransaction` (`accounting/ledger.ts`) writes it; `newOrderEntries` does.',
      'See `apps/server/src/http/errors.ts`, `src/modules/orders/`, [money](money.md), [gone](gone.md).',
      '`npm run lint`, `npm run docs:tables`, `buyer_balances`, `sales_admin`, `order_totals`.',
    ].join('\n');
    expect(dead(page)).toEqual([
      'appendNewOrderTransaction',
      'src/modules/orders/',
      'gone.md',
      'npm run docs:tables',
      'order_totals',
    ]);
  });

  it('finds a name in the file a page says holds it', () => {
    expect(dead('(`ITEM_TONS`, `modules/shipments/shipment.repo.ts`)')).toEqual([
      'ITEM_TONS (not in modules/shipments/shipment.repo.ts)',
    ]);
    expect(dead('(`ITEM_TONS`, `modules/load-figures/shipment-figures.ts`)')).toEqual([]);
    expect(
      dead('`ITEM_TONS` in `load-figures/shipment-figures.ts`; `shipment.repo.ts`: `findShipments`'),
    ).toEqual([]);
    expect(dead('`load-figures/shipment-figures.ts`: `findShipments`')).toEqual([
      'findShipments (not in load-figures/shipment-figures.ts)',
    ]);
  });

  it('leaves out what a page writes without backticks: history names the removed as plain words', () => {
    expect(dead('the former helper appendNewOrderTransaction (removed by decision 146)')).toEqual([]);
  });
});

describe('the decision log', () => {
  const decision = (number: number, status: string, text = '') =>
    decisionOf(
      `docs/decisions/${String(number).padStart(4, '0')}-title.md`,
      `# ${number}.\n\nStatus: ${status}\n\n${text}`,
    )!;
  const index = (rows: [number, string][]) =>
    rows
      .map(
        ([number, status]) => `| ${String(number).padStart(4, '0')} | [T](f.md) | 2026-11-28 | ${status} |`,
      )
      .join('\n');

  it('reads which decisions one supersedes', () => {
    expect(
      supersededBy(
        decision(
          151,
          'accepted',
          "- Consequences: supersedes decision 34's (it stands) and the part of decision 121.",
        ),
      ),
    ).toEqual([34, 121]);
    expect(
      supersededBy(decision(141, 'accepted (refines 128; supersedes the opening group of 61 and more)')),
    ).toEqual([61]);
    expect(supersededBy(decision(133, 'accepted; supersedes the serializer part of 0125'))).toEqual([125]);
  });

  it('asks the index and the file to agree, and the superseded one to say by whom', () => {
    const decisions = [
      decision(34, 'accepted'),
      decision(113, 'accepted', "Supersedes decision 104's 422."),
      decision(104, 'accepted; partly superseded by [0113](0113-x.md)'),
      decision(151, 'accepted', 'Supersedes decision 34.'),
    ];
    const problems = decisionLogProblems(
      decisions,
      index([
        [34, 'accepted'],
        [104, 'accepted; partly superseded by 0113'],
        [113, 'accepted; changed'],
      ]),
    ).map(({ page, problem }) => `${page}: ${problem}`);
    expect(problems).toEqual([
      "docs/decisions/README.md: the status of decision 113 is 'accepted' in its file, 'accepted; changed' here",
      'docs/decisions/README.md: no row for decision 151',
      'docs/decisions/0034-title.md: decision 151 supersedes it, which its Status line does not say',
    ]);
  });
});

describe('the floor table', () => {
  const config = [
    "const MODULE_FLOORS = [\n  ['events'],\n  ['orders', 'stock'],\n  ['shipments'],\n];",
    "const TEST_FILES = '(\\\\.test\\\\.ts|-test-data\\\\.ts)$';",
  ].join('\n');

  it('reads the floors and the test files from the config', () => {
    expect(moduleFloorsOf(config)).toEqual([['events'], ['orders', 'stock'], ['shipments']]);
    expect(testFilesOf(config).test('modules/orders/orders.test.ts')).toBe(true);
    expect(testFilesOf(config).test('modules/orders/orders.service.ts')).toBe(false);
  });

  it("reads a module file's imports of other modules, by type and lazily too", () => {
    const source = [
      "import { a } from '../orders/item-steps.ts';",
      "import type { B } from '../../modules/stock/b.ts';",
      "import { c } from './c.ts';",
      "const d = await import('../events/announce.ts');",
      "import { e } from '../../http/errors.ts';",
    ].join('\n');
    expect(modulesImportedBy('apps/server/src/modules/shipments/x.ts', source)).toEqual([
      'events',
      'orders',
      'stock',
    ]);
  });

  it('is written highest floor first, between its markers', () => {
    const imports = new Map([
      ['shipments', ['events', 'orders']],
      ['orders', ['events']],
    ]);
    const table = renderFloorTable(moduleFloorsOf(config), imports);
    expect(table.split('\n')).toEqual([
      '| floor | modules | what they import (tests aside) |',
      '|---:|---|---|',
      '| 3 | `shipments` | `events`, `orders` |',
      '| 2 | `orders`, `stock` | `orders`: `events`; `stock`: the ground only |',
      '| 1 | `events` | the ground only |',
    ]);
    const page = `# A\n\n<!-- floors:begin -->\nold\n${END_MARKER}\n\nafter\n`;
    const written = withFloorTable(page, table);
    expect(written).toContain(`${table}\n${END_MARKER}\n\nafter\n`);
    expect(withFloorTable(written, table)).toBe(written);
    expect(() => withFloorTable('# A\n', table)).toThrow(/markers/);
  });
});
