import path from 'node:path';
import { beforeEach } from 'vitest';
import { pagesOpen, screenshot } from './browser.ts';

const slug = (text: string) =>
  text
    .toLocaleLowerCase('tr-TR')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * A failed test leaves a picture of each browser page still open, as it was when the test gave up
 * (`test-results/failed-<file>-<test>-<n>.png`): a failure seen once, in one CI run, can then be read
 * rather than guessed at. Loaded before every e2e file (vitest.config.ts).
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const file = slug(path.basename(task.file.name, '.e2e.test.ts'));
    await Promise.all(
      pagesOpen().map(async (page, index) => {
        const name = `failed-${file}-${slug(task.name)}-${index + 1}`;
        try {
          // A page that no longer answers gives up after the session's UI timeout.
          console.error(`Başarısız testin ekran görüntüsü: ${await screenshot(page, name)}`);
        } catch (error) {
          console.error(`Ekran görüntüsü alınamadı (${name}): ${(error as Error).message}`);
        }
      }),
    );
  });
});
