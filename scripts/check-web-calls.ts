// `npm run lint:web-calls`: the web calls the API only through the operations the contract declares
// (decision 180), so no source file under apps/web/src spells an API path by hand; the rule:
// web-calls/hand-written-paths.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { OPERATIONS } from '@mandira/contract/operations/index';
import { handWrittenPaths } from './web-calls/hand-written-paths.ts';

const root = join(import.meta.dirname, '..');
const web = join(root, 'apps/web/src');
const problems: string[] = [];
for (const file of sourcesUnder(web)) {
  for (const { line, text, operationId } of handWrittenPaths(readFileSync(file, 'utf8'), OPERATIONS)) {
    problems.push(
      `${relative(root, file)}:${line}: ${text} is the path of ${operationId}: call the operation`,
    );
  }
}
if (problems.length) {
  console.error(`API paths written by hand in the web (${problems.length}):\n${problems.join('\n')}`);
  process.exitCode = 1;
} else {
  console.log(`web calls: ${OPERATIONS.length} operations, no API path written by hand under apps/web/src`);
}

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx|js)$/.test(entry.name) ? [path] : [];
  });
}
