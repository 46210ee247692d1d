import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';
import { UI_TIMEOUT_MS } from './settings.ts';

export const TOKEN_KEY = 'mandira-portal.auth-token';

/**
 * Signs in through the sign-in page and waits for the dashboard. A session still stored is forgotten
 * first: the sign-in page sends a signed-in user straight on to the dashboard.
 */
export async function signInThroughUi(page: Page, baseUrl: string, userName: string, password: string) {
  if (page.url().startsWith(baseUrl)) await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
  await page.goto(`${baseUrl}/portal-giris`);
  await page.locator('input[name="userName"]').fill(userName);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
  await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
  await page.getByRole('heading', { name: 'Hoş geldiniz!' }).waitFor();
}

/** Signs out with the header link and waits for the sign-in page. */
export async function signOutThroughUi(page: Page) {
  await page.getByRole('link', { name: 'Çıkış', exact: true }).click();
  await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
}

/** The labels of the left menu's entries, in order. */
export async function menuLabels(page: Page): Promise<string[]> {
  const entries = page.getByTestId('menu-entry');
  await entries.first().waitFor();
  return (await entries.allInnerTexts()).map((text) => text.trim());
}

/**
 * Opens a screen from the left menu and waits for its heading (and its address, when `path` is given).
 * The router keeps the screen it leaves on view until the next one has loaded, so only the new screen's
 * heading says that what a test does next acts on it.
 */
export async function openMenu(
  page: Page,
  label: string,
  heading: string,
  { path, ...match }: { path?: string; exact?: boolean; level?: number } = {},
) {
  await page.getByTestId('menu-entry').filter({ hasText: label }).first().click();
  if (path) await page.waitForURL(`**${path}`);
  await page.getByRole('heading', { name: heading, ...match }).waitFor();
}

/** The open Mantine modal with this title. */
export function dialog(page: Page, title: string) {
  return page.getByRole('dialog', { name: title });
}

/** Closes a form holding typed input by its İptal, confirming that what was typed may go. */
export async function cancelTypedForm(page: Page, form: Locator) {
  await form.getByRole('button', { name: 'İptal' }).click();
  await dialog(page, 'Değişiklikler kaydedilmedi')
    .getByRole('button', { name: 'Bilgileri Sil ve Kapat' })
    .click();
  await form.waitFor({ state: 'hidden' });
}

/** The table rows (or a modal's) that contain this text. */
export function tableRow(scope: Page | Locator, text: string) {
  return scope.getByRole('row').filter({ hasText: text });
}

/**
 * Types `text` into the screen's table search and waits until the table shows its answer: no longer
 * busy, every row holding the text. Until then a row found may be one of the list before the search,
 * which the answer replaces under a click (as on a loaded machine, where the answer comes late).
 */
export async function searchTable(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Ara' }).fill(text);
  await expect
    .poll(
      async () => {
        if ((await page.locator('table[aria-busy="true"]').count()) > 0) return false;
        const rows = await page.locator('table tbody tr').allInnerTexts();
        return rows.length > 0 && rows.every((row) => row.includes(text));
      },
      { timeout: UI_TIMEOUT_MS },
    )
    .toBe(true);
}

/** A full-page picture from the top: the shell's header is fixed and would cut through a scrolled one. */
export async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return screenshot(page, name);
}

/** Clicks the screen's Excel button and reads the file it downloads: its name and its first sheet. */
export async function downloadExcel(page: Page): Promise<{ fileName: string; sheet: ExcelJS.Worksheet }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel' }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  return { fileName: download.suggestedFilename(), sheet: workbook.worksheets[0]! };
}

/** The texts of a sheet's column (1-based) that start with `prefix`. */
export const columnTexts = (sheet: ExcelJS.Worksheet, column: number, prefix: string) =>
  sheet
    .getColumn(column)
    .values.filter((value): value is string => typeof value === 'string' && value.startsWith(prefix));

/** A day `days` from today in Istanbul as a date field takes it, 'GG.AA.YYYY'. */
export function turkishDayFromToday(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000).toLocaleDateString('tr-TR', {
    timeZone: 'Europe/Istanbul',
  });
  const [date, month, year] = day.split('.');
  return `${date!.padStart(2, '0')}.${month!.padStart(2, '0')}.${year}`;
}

/** Types a goods-in line's lot: its code and its expiry day 'GG.AA.YYYY' (decision 154). */
export async function fillLot(form: Locator, warehouse: string, code: string, expiry: string) {
  await form.getByLabel(`${warehouse} parti kodu`, { exact: true }).fill(code);
  const day = form.getByLabel(`${warehouse} son kullanma tarihi (SKT)`, { exact: true });
  await day.fill(expiry);
  await day.blur();
}
