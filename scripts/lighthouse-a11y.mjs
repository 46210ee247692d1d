// Lighthouse's accessibility score of the sign-in page and some signed-in screens (docs/accessibility.md).
// Lighthouse is not a dependency of the portal: install it anywhere and name the folder, e.g.
//   npm install --prefix /tmp/lh lighthouse
//   LIGHTHOUSE_DIR=/tmp/lh BASE=http://127.0.0.1:8080 ADMIN_PASSWORD=… node scripts/lighthouse-a11y.mjs
// It signs in through the page in a Chromium that Lighthouse then drives over the same DevTools port,
// so the session the portal keeps in localStorage is there (Lighthouse's storage reset is turned off).
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const lighthouseDir = process.env.LIGHTHOUSE_DIR ?? '/tmp/lh';
const { default: lighthouse } = await import(
  createRequire(path.join(lighthouseDir, 'package.json')).resolve('lighthouse')
);
const base = process.env.BASE ?? 'http://127.0.0.1:8080';
const screens = (
  process.env.SCREENS ?? '/dashboard,/buyer-management,/mal-giris-cikis-yonetimi,/sevkiyat-yonetimi'
).split(',');
const port = 9333;

const profile = await mkdtemp(path.join(os.tmpdir(), 'mandira-lighthouse-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    `--remote-debugging-port=${port}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

async function score(screen) {
  const { lhr } = await lighthouse(`${base}${screen}`, {
    port,
    output: 'json',
    onlyCategories: ['accessibility'],
    disableStorageReset: true,
    logLevel: 'error',
    formFactor: 'desktop',
    screenEmulation: { mobile: false, width: 1366, height: 768, deviceScaleFactor: 1, disabled: false },
  });
  const failed = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => audit.id);
  console.log(`${screen}\t${Math.round(lhr.categories.accessibility.score * 100)}\t${failed.join(', ')}`);
}

try {
  await score('/portal-giris');
  const page = browser.pages()[0] ?? (await browser.newPage());
  await page.goto(`${base}/portal-giris`);
  await page.locator('input[name="userName"]').fill(process.env.LH_USER ?? 'admin');
  await page.locator('input[name="password"]').fill(process.env.ADMIN_PASSWORD ?? 'admin1234');
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/dashboard');
  for (const screen of screens) await score(screen);
} finally {
  await browser.close();
  await rm(profile, { recursive: true, force: true });
}
