import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { SCREENSHOT_DIR, UI_TIMEOUT_MS } from './settings.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type BrowserSession = { context: BrowserContext; page: Page; close: () => Promise<void> };

/** The pages of the sessions still open in this test file, for the pictures of a failed test. */
const openPages = new Set<Page>();

export const pagesOpen = (): Page[] => [...openPages];

/** A device to play: a phone or tablet's window and touch screen (field-devices.e2e.test.ts). */
export type DeviceOptions = {
  viewport: { width: number; height: number };
  hasTouch?: boolean;
  isMobile?: boolean;
};

/** Debian's Chromium, headless, with a fresh profile so no storage leaks between sessions. */
export async function openBrowser(device?: DeviceOptions): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'mandira-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1366, height: 860 },
    ...device,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
  });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(UI_TIMEOUT_MS);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.error('Tarayıcı hatası:', error.message));
  openPages.add(page);
  return {
    context,
    page,
    close: async () => {
      openPages.delete(page);
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Mantine's modals and notifications fade in; let them settle so the picture shows what users see.
  await page.waitForTimeout(400);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
