import path from 'node:path';
import { beforeEach } from 'vitest';
import { pagesOpen } from './browser.ts';
import { SCREENSHOT_DIR } from './settings.ts';

/** A picture of a page that no longer answers is given up rather than waited for. */
const PICTURE_TIMEOUT_MS = 10_000;

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
        const picture = path.join(SCREENSHOT_DIR, `failed-${file}-${slug(task.name)}-${index + 1}.png`);
        try {
          await page.screenshot({ path: picture, fullPage: true, timeout: PICTURE_TIMEOUT_MS });
          console.error(`Başarısız testin ekran görüntüsü: ${picture}`);
        } catch (error) {
          console.error(`Ekran görüntüsü alınamadı (${picture}): ${(error as Error).message}`);
        }
      }),
    );
  });
});
