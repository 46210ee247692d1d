import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { SCREENS } from '@mandira/contract/screens';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder } from './seed.ts';
import { ADMIN_PASSWORD, ADMIN_USER, UI_TIMEOUT_MS } from './settings.ts';
import { dialog, signInThroughUi, storedToken, TOKEN_KEY } from './ui.ts';

const baseUrl = inject('baseUrl');
const TILES = /tile\.openstreetmap\.org/;
/** A 1×1 transparent PNG: a tile server that answers. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The level-one headings once the page has settled: each page has exactly one. */
async function h1Texts(page: Page): Promise<string[]> {
  await page.locator('h1').first().waitFor();
  await page.waitForTimeout(300);
  return (await page.locator('h1').allInnerTexts()).map((text) => text.trim());
}

const ddmmyyyy = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

describe('the page shell at 1366×768', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    const buyer = await seeder.createBuyer({
      code: 'E2E-SH1',
      title: 'Kabuk Gıda',
      name: 'Selin',
    });
    await seeder.createBuyerWarehouse(buyer.id, {
      code: 'KBK-D1',
      title: 'Kabuk Merkez Depo',
      latitude: 39.65,
      longitude: 27.94,
    });
    browser = await openBrowser();
    await browser.page.setViewportSize({ width: 1366, height: 768 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the sign-in form without a redundant banner, and sends a signed-in user on to the dashboard', async () => {
    const { page } = browser;
    // A protected page without a session leads here; the card already says to sign in.
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
    await page.locator('input[name="userName"]').waitFor();
    expect(await h1Texts(page)).toEqual(['Hoş geldiniz']);
    expect(await page.locator('.mantine-Alert-root').count()).toBe(0);
    await screenshot(page, 'shell-sign-in');

    await signInThroughUi(page, baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    for (const path of ['/sign-in', '/portal-giris']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL('**/dashboard', { timeout: UI_TIMEOUT_MS });
      await page.getByRole('heading', { name: 'Hoş geldiniz!' }).waitFor();
    }

    // A token the server no longer knows is forgotten and the form is shown.
    await page.evaluate((key) => localStorage.setItem(key, 'artik-gecersiz'), TOKEN_KEY);
    await page.goto(`${baseUrl}/sign-in`);
    await page.locator('input[name="userName"]').waitFor();
    expect(page.url()).toContain('/sign-in');
    expect(await storedToken(page)).toBeNull();
  });

  it('gives every screen, the sign-out and the not-found page exactly one h1', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    const headings: Record<string, string[]> = {};
    for (const screen of SCREENS) {
      const path = screen.paths[0]!;
      await page.goto(`${baseUrl}${path}`);
      headings[path] = await h1Texts(page);
      await screenshot(page, `shell-h1${path.replaceAll('/', '-')}`);
    }
    await page.goto(`${baseUrl}/olmayan-sayfa`);
    headings['/olmayan-sayfa'] = await h1Texts(page);
    for (const [path, texts] of Object.entries(headings)) expect(texts, path).toHaveLength(1);
    expect(headings['/dashboard']).toEqual(['Hoş geldiniz!']);
    expect(headings['/user-management']).toEqual(['Kullanıcı Yönetimi']);
    expect(headings['/olmayan-sayfa']).toEqual(['Sayfa bulunamadı']);

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: 'Çıkış', exact: true }).click();
    expect(await h1Texts(page)).toEqual(['Çıkış yapılıyor...']);
    await page.waitForURL('**/portal-giris', { timeout: UI_TIMEOUT_MS });
  });

  it("labels the users' row actions 'Düzenle' and 'Şifre Üret'", async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    await page.goto(`${baseUrl}/kullanici-yonetimi`);
    const adminRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: ADMIN_USER, exact: true }) });
    expect((await adminRow.getByRole('button', { name: 'Düzenle' }).innerText()).trim()).toBe('Düzenle');
    expect((await adminRow.getByRole('button', { name: 'Şifre Üret' }).innerText()).trim()).toBe(
      'Şifre Üret',
    );
    await screenshot(page, 'shell-users-actions');
  });

  it('says a failed list could not be loaded, without also claiming there are no records', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    const vehicles = '**/api/production/milk-delivery/vehicles';
    await page.route(vehicles, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: { message: 'Sunucu bakımda.', code: 'INTERNAL' } }),
      }),
    );
    try {
      await page.goto(`${baseUrl}/sut-araci-yonetimi`);
      await page.getByText('Kayıtlar yüklenemedi').waitFor();
      await page.getByText('Sunucu bakımda.').waitFor();
      expect(await page.getByText('Kayıt bulunamadı').count()).toBe(0);
      await screenshot(page, 'shell-table-error');
    } finally {
      await page.unroute(vehicles);
    }
  });

  it('says when the map tiles cannot be loaded, and opens the warehouse modal with its list closed', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    await page.route(TILES, (route) => route.abort());
    await page.goto(`${baseUrl}/buyer-warehouse-management`);
    const warehouseRow = page.getByRole('row').filter({ hasText: 'KBK-D1' });
    await warehouseRow.getByRole('button', { name: 'Düzenle' }).click();
    const form = dialog(page, 'Depo Tanımı');
    const unavailable = form.getByTestId('map-unavailable');
    await unavailable.waitFor();
    expect(await unavailable.innerText()).toContain('Harita yüklenemedi.');
    expect(await unavailable.innerText()).toContain('enlem ve boylam');
    // The buyer list stays closed until asked for; it would cover the map.
    await page.waitForTimeout(300);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await screenshot(page, 'shell-map-unavailable');
    await form.getByRole('button', { name: 'İptal' }).click();
    await form.waitFor({ state: 'hidden' });
    await page.unroute(TILES);

    await page.route(TILES, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }),
    );
    await warehouseRow.getByRole('button', { name: 'Düzenle' }).click();
    await form.getByTestId('map-picker').locator('img.leaflet-tile-loaded').first().waitFor();
    expect(await form.getByTestId('map-unavailable').count()).toBe(0);
    await form.getByRole('button', { name: 'İptal' }).click();
    await page.unroute(TILES);
  });

  it('opens the milk figures on the last 7 days, today included', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    await page.goto(`${baseUrl}/sut-girisi`);
    const today = istanbulDate(new Date());
    const range = page.getByTestId('milk-range');
    await range.waitFor();
    expect(await range.innerText()).toBe(`${ddmmyyyy(addDays(today, -6))} – ${ddmmyyyy(today)}`);
    await screenshot(page, 'shell-milk-range');
  });
});
