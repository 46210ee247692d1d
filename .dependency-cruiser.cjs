// The import rules of docs/architecture.md ("Import rules"), checked by `npm run lint` (decision 120).
// The server is one-way: the ground (db/, http/, pdf/) below the modules, the modules in the floors of
// MODULE_FLOORS, and the composition (app.ts, start/, demo/, the entries) above them all.

/** The server's modules, lowest floor first: a module imports only modules of lower floors. */
const MODULE_FLOORS = [
  ['events'],
  ['audit'],
  ['erp', 'access', 'system', 'routing', 'load-figures', 'vehicles-and-drivers'],
  ['products', 'buyers', 'fleet', 'milk'],
  ['stock', 'accounting', 'scan'],
  ['orders'],
  ['vehicle-planning', 'loading'],
  ['shipments'],
  ['lots'],
  ['dashboard'],
];

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
/** Tests and their data may reach across the floors to set up what they test. */
const TEST_FILES = '(\\.test\\.ts|-test-data\\.ts|/milk-fixtures\\.ts)$';
/** The composition above the modules: the app, start-up, the demo data and the process entries. */
const COMPOSITION = `${SERVER}(app|main|demo|start-banner|kept-figures)\\.ts$|${SERVER}(start|demo)/`;

const inFolder = (names) => `${MODULES}(${names.join('|')})/`;

const moduleFloorRules = MODULE_FLOORS.flatMap((floor, level) =>
  floor.map((name) => {
    const sameOrAbove = MODULE_FLOORS.slice(level)
      .flat()
      .filter((other) => other !== name);
    return {
      name: `module-floor-${name}`,
      comment: `${name} stands on floor ${level + 1}: it imports no module of its own floor or above (${sameOrAbove.join(', ')}).`,
      severity: 'error',
      from: { path: inFolder([name]), pathNot: TEST_FILES },
      to: { path: inFolder(sameOrAbove) },
    };
  }),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file reaches itself again through its imports.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'unknown-module-folder',
      comment: 'Every module folder has its floor in MODULE_FLOORS of .dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: `${MODULES}(?!(${MODULE_FLOORS.flat().join('|')})/)` },
      to: {},
    },
    ...moduleFloorRules,
    {
      name: 'order-items-through-one-door',
      comment:
        'Loading and shipments step order items only through orders/item-steps.ts, which keeps the order figures (reservations, dealt total); they read orders through order-query.service.ts (decision 152).',
      severity: 'error',
      from: { path: inFolder(['loading', 'shipments']), pathNot: TEST_FILES },
      to: { path: `${MODULES}orders/`, pathNot: `${MODULES}orders/(item-steps|order-query\\.service)\\.ts$` },
    },
    {
      name: 'queries-in-repositories',
      comment:
        'A service holds rules, refusals, audit and the transaction, a routes file its calls; their queries live in a *.repo.ts or a query module of its area, so a query has one place to be found (decision 181).',
      severity: 'error',
      from: { path: `${MODULES}[^/]+/[^/]+\\.(service|routes)\\.ts$` },
      to: { path: ['(^|/)node_modules/drizzle-orm/', `${SERVER}db/schema`] },
    },
    {
      name: 'ground-below-modules',
      comment:
        'db/, http/ and threads/ are the ground the modules stand on: they import no module and no composition.',
      severity: 'error',
      from: { path: `${SERVER}(db|http|threads)/`, pathNot: TEST_FILES },
      to: { path: `${MODULES}|${COMPOSITION}` },
    },
    {
      name: 'pdf-below-modules',
      comment:
        'pdf/ draws for the modules; its list of documents (pdf/documents.ts) only names the drawings, loaded lazily in the worker.',
      severity: 'error',
      from: { path: `${SERVER}pdf/`, pathNot: TEST_FILES },
      to: { path: `${MODULES}|${COMPOSITION}`, dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'modules-below-composition',
      comment: 'A module imports nothing of the app, start-up or demo data that stand on it.',
      severity: 'error',
      from: { path: MODULES, pathNot: TEST_FILES },
      to: { path: COMPOSITION },
    },
    {
      name: 'web-lib-below-features',
      comment:
        "The web's lib/ is the shared floor the features stand on, as the server's ground is: it imports no feature and nothing of app/ (the features' own fence is Biome's noRestrictedImports).",
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'contract-imports-no-app',
      comment: 'The contract is what both apps agree on; it imports neither.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-not-web',
      comment: 'The server and the web share only the contract.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'web-not-server',
      comment: 'The server and the web share only the contract.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    // Type-only imports count too: they tie the files together as much as any other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
