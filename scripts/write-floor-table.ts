// `npm run docs:floors`: writes the floor table of docs/architecture.md from MODULE_FLOORS of
// .dependency-cruiser.cjs and the modules' imports (docs-check/floor-table.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path/posix';
import { FLOOR_TABLE_PAGE, floorTablePage } from './docs-check/floor-table.ts';
import { ROOT, readRepository } from './docs-check/repository.ts';

const repository = readRepository();
const { current, written } = floorTablePage(repository.files, repository.read);
if (written === current) console.log(`${FLOOR_TABLE_PAGE}: the floor table is up to date`);
else {
  writeFileSync(path.join(ROOT, FLOOR_TABLE_PAGE), written);
  console.log(`${FLOOR_TABLE_PAGE}: the floor table written`);
}
