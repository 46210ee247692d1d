// Adds up Vitest JSON reports into the one closing line CI reads: 'N passed, N failed'.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${file.split('/').pop()}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  // The slowest files, so a suite creeping past its time budget shows where the time went.
  const slowest = report.testResults
    .map((result) => ({ name: result.name, seconds: (result.endTime - result.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 8);
  for (const { name, seconds } of slowest) {
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name.replace(`${process.cwd()}/`, '')}`);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
