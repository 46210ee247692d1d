// `npm run lint:docs`: the docs say only what the repository holds. Every path and code name that
// README.md and the pages under docs/ cite must still be there (the rules: docs-check/citations.ts),
// the decision log's statuses must agree (docs-check/decisions.ts), and the floor table of
// docs/architecture.md must be what `npm run docs:floors` writes (decision 176).
import { deadCitations } from './docs-check/citations.ts';
import { DECISIONS_INDEX, decisionLogProblems, decisionOf } from './docs-check/decisions.ts';
import { FLOOR_TABLE_PAGE, floorTablePage, WRITE_COMMAND } from './docs-check/floor-table.ts';
import { pagesOf, readRepository } from './docs-check/repository.ts';

const repository = readRepository();
const problems: string[] = [];
for (const page of pagesOf(repository)) {
  for (const { line, text, why } of deadCitations(repository, page, repository.read(page))) {
    problems.push(`${page}:${line}: ${text}${why ? ` (${why})` : ''}`);
  }
}
if (problems.length) {
  problems.unshift(`Cited in the docs, not found in the repository (${problems.length}):`);
}
const decisions = pagesOf(repository).flatMap((page) => decisionOf(page, repository.read(page)) ?? []);
for (const { page, line, problem } of decisionLogProblems(decisions, repository.read(DECISIONS_INDEX))) {
  problems.push(`${page}:${line}: ${problem}`);
}
const floors = floorTablePage(repository.files, repository.read);
if (floors.written !== floors.current) {
  problems.push(
    `${FLOOR_TABLE_PAGE}: the floor table differs from MODULE_FLOORS and the modules' imports; \`${WRITE_COMMAND}\` rewrites it.`,
  );
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else {
  console.log(`docs: ${pagesOf(repository).length} pages, every citation found, the floor table current`);
}
