import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { startPortal } from './global-setup.ts';
import { ApiSeeder, productItemBody } from './seed.ts';
import { ADMIN_PASSWORD, ADMIN_USER } from './settings.ts';
import { openMenu, screenshotFromTop, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';
import { isInViewUncovered, LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const ORDERS = { userName: 'siparis.h8', password: 'siparis-h8-1234' };
const OFFICE = { userName: 'ofis.h8', password: 'ofis-h8-1234' };
const WAREHOUSE = { userName: 'depo.h8', password: 'depo-h8-1234' };

/** Given in no order; a Turkish dictionary puts C before Ç, I (ı) before İ (i). */
const TITLES = ['Zeytinli Bakkal', 'Kızılay Gıda', 'Çanakkale Peynircilik', 'İzmir Mandıra', 'Cemal Market'];
const TURKISH_ORDER = [
  'Cemal Market',
  'Çanakkale Peynircilik',
  'İzmir Mandıra',
  'Kızılay Gıda',
  'Zeytinli Bakkal',
];
const LOCATED = {
  code: 'H8-KONUM',
  title: 'Kızılay Teslimat Noktası',
  latitude: 39.925533,
  longitude: 32.866287,
};

/** The texts of the open dropdown's options. */
async function optionTexts(page: Page): Promise<string[]> {
  await page.getByRole('option').first().waitFor();
  return (await page.getByRole('option').allInnerTexts()).map((text) => text.trim());
}

/**
 * Headers of the table that lie under another element where they show in its scroll box: the pinned
 * first column may cover a header passing under it, nothing else may cover anything.
 */
async function coveredHeaders(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const box = element.closest('.mantine-TableScrollContainer-scrollContainer')!;
    const view = box.getBoundingClientRect();
    const headers = [...element.querySelectorAll('thead th')];
    const pinnedRight = headers[0]!.getBoundingClientRect().right;
    // The actions stay pinned at the right edge (decision 158): what scrolls under them is not laid over.
    const pinnedEnd = headers.filter(
      (header, index) => index > 0 && getComputedStyle(header).position === 'sticky',
    );
    const pinnedLeft = Math.min(...pinnedEnd.map((header) => header.getBoundingClientRect().left), Infinity);
    return headers.flatMap((header, index) => {
      const rect = header.getBoundingClientRect();
      const left = Math.max(rect.left, view.left, index === 0 ? view.left : pinnedRight);
      const right = Math.min(
        rect.right,
        view.right,
        window.innerWidth,
        pinnedEnd.includes(header) ? Infinity : pinnedLeft,
      );
      if (right - left < 4) return [];
      const top = document.elementFromPoint((left + right) / 2, rect.top + rect.height / 2);
      return top && header.contains(top) ? [] : [header.textContent ?? ''];
    });
  });
}

describe('the office details at 1366×768', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    const seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...ORDERS, name: 'Sevda', surname: 'Güleç', roles: ['ORDER_MANAGER'] });
    await seeder.createUser({ ...OFFICE, name: 'Levent', surname: 'Işıklı', roles: ['BACKOFFICE_ADMIN'] });
    await seeder.createUser({ ...WAREHOUSE, name: 'Nuri', surname: 'Çelik', roles: ['WAREHOUSE_ADMIN'] });
    for (const [index, title] of TITLES.entries()) {
      const buyer = await seeder.createBuyer({
        code: `H8-B0${index + 1}`,
        title: `${title} H8`,
        name: 'Ayla',
        surname: 'Demir',
      });
      if (title === 'Kızılay Gıda') await seeder.createBuyerWarehouse(buyer.id, LOCATED);
    }
    await seeder.createVehicle({
      licencePlateCode: '06 H8 1366',
      brand: 'Mercedes-Benz',
      model: 'Atego 1224 Soğutuculu',
      capacityInTons: 12,
      palletCapacity: 10,
    });
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lists customers in Turkish order and finds them typed without Turkish letters', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, ORDERS.userName, ORDERS.password);
    await openMenu(page, 'Sipariş Sepeti Oluşturma', 'Sipariş Sepeti Oluşturma', { level: 1 });
    const customer = page.getByRole('combobox', { name: 'Müşteri', exact: true });
    await customer.fill('h8-b');
    expect(await optionTexts(page)).toEqual(
      TURKISH_ORDER.map((title) => expect.stringMatching(new RegExp(`^${title} H8 \\(H8-B0\\d\\)$`))),
    );
    await screenshotFromTop(page, 'details-buyer-select-turkish-order');

    await customer.fill('kizilay gida');
    expect(await optionTexts(page)).toEqual(['Kızılay Gıda H8 (H8-B02)']);
    await customer.fill('canakkale peyn');
    expect(await optionTexts(page)).toEqual(['Çanakkale Peynircilik H8 (H8-B03)']);
    await screenshotFromTop(page, 'details-buyer-select-ascii-search');
    await page.getByRole('option', { name: 'Çanakkale Peynircilik H8 (H8-B03)' }).click();
    expect(await customer.inputValue()).toBe('Çanakkale Peynircilik H8 (H8-B03)');
  });

  it('pins the plate when the vehicle table scrolls sideways, and lays no column over another', async () => {
    const { page } = browser;
    await openMenu(page, 'Araç Yönetimi', 'Araç Yönetimi', { level: 1 });
    const row = tableRow(page, '06 H8 1366');
    await row.waitFor();
    const table = page.getByRole('table');
    const box = (to: 'start' | 'middle' | 'end') =>
      table.evaluate((element, where) => {
        const scroller = element.closest('.mantine-TableScrollContainer-scrollContainer')!;
        const room = scroller.scrollWidth - scroller.clientWidth;
        scroller.scrollLeft = where === 'start' ? 0 : where === 'middle' ? room / 2 : room;
        return room;
      }, to);
    expect(await box('start')).toBeGreaterThan(0);
    expect(await coveredHeaders(table)).toEqual([]);
    await screenshotFromTop(page, 'details-vehicles-start');

    await box('middle');
    await page.waitForTimeout(200);
    expect(await coveredHeaders(table)).toEqual([]);
    await expect.poll(() => isInViewUncovered(page, row.getByText('06 H8 1366'))).toBe(true);
    await screenshotFromTop(page, 'details-vehicles-middle');

    await box('end');
    await page.waitForTimeout(200);
    expect(await coveredHeaders(table)).toEqual([]);
    await expect.poll(() => isInViewUncovered(page, row.getByText('06 H8 1366'))).toBe(true);
    // The status, last, shows whole beside its button.
    const status = row.getByText('Müsait', { exact: true });
    await expect.poll(() => isInViewUncovered(page, status)).toBe(true);
    expect(await status.evaluate((badge) => badge.scrollWidth <= badge.clientWidth)).toBe(true);
    await screenshotFromTop(page, 'details-vehicles-end');
    await signOutThroughUi(page);
  });

  it('shows delivery point coordinates as the form takes them: Enlem, then Boylam, with a comma', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
    await openMenu(page, 'Müşteri Deposu Yönetimi', 'Müşteri Deposu Yönetimi', { level: 1 });
    const row = tableRow(page, LOCATED.code);
    await row.waitFor();
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    expect(headers.indexOf('Enlem')).toBeGreaterThan(-1);
    expect(headers.indexOf('Enlem')).toBe(headers.indexOf('Boylam') - 1);
    const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
    expect(cells[headers.indexOf('Enlem')]).toBe('39,925533');
    expect(cells[headers.indexOf('Boylam')]).toBe('32,866287');
    await screenshotFromTop(page, 'details-buyer-warehouse-coordinates');
    await signOutThroughUi(page);
  });

  it('names the own warehouses by code and short name, and shows no occupancy without a capacity', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await openMenu(page, 'Depo Yönetimi', 'Depo Yönetimi', { level: 1 });
    const row = tableRow(page, 'DEPO1');
    await row.waitFor();
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    expect(headers.slice(1, 3)).toEqual(['Depo Kodu', 'Kısa Ad']);
    const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
    expect(cells[headers.indexOf('Depo Kodu')]).toBe('DEPO1');
    expect(cells[headers.indexOf('Kısa Ad')]).toBe('Depo-1');
    // Seeded without a capacity: nothing to be full of, and it says so instead of '%0'.
    expect(cells[headers.indexOf('Doluluk (%)')]).toBe('Kapasite yok');
    await screenshotFromTop(page, 'details-own-warehouses');
    await signOutThroughUi(page);
  });
});

describe('a fresh install', () => {
  let browser: BrowserSession;
  let portal: Awaited<ReturnType<typeof startPortal>>;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('shows the administrator the first steps on Ana Sayfa, ticked off as they are done', async () => {
    const { page } = browser;
    await signInThroughUi(page, portal.baseUrl, ADMIN_USER, ADMIN_PASSWORD);
    const card = page.getByTestId('first-steps');
    await card.waitFor();
    const steps = card.getByTestId('first-step');
    expect((await steps.allInnerTexts()).map((text) => text.split('\n')[0]!.trim())).toEqual([
      '1. Kullanıcı Yönetimi',
      '2. Depolanabilir Ürünler',
      '3. Mal Giriş Çıkış',
      '4. Satılabilir Ürünler',
      '5. Müşteri Yönetimi',
      '6. Müşteri Deposu Yönetimi',
    ]);
    expect(await card.textContent()).toContain('0 / 6 tamamlandı');
    await screenshotFromTop(page, 'details-first-steps');

    const seeder = await ApiSeeder.asAdmin(portal.baseUrl);
    await seeder.createProductItem(productItemBody('H8-0001', 'Kaşar Peyniri'));
    await seeder.createBuyer({ code: 'H8-ILK', title: 'İlk Müşteri Ltd. Şti.', name: 'Ayla' });
    await page.reload();
    await card.getByText('2 / 6 tamamlandı').waitFor();
    expect(await steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-done')))).toEqual([
      'false',
      'true',
      'false',
      'false',
      'true',
      'false',
    ]);
    await screenshotFromTop(page, 'details-first-steps-half');

    await card.getByRole('link', { name: '6. Müşteri Deposu Yönetimi' }).click();
    await page.getByRole('heading', { name: 'Müşteri Deposu Yönetimi', level: 1 }).waitFor();
    // A user who does not set the portal up sees the welcome alone.
    await seeder.createUser({ ...ORDERS, name: 'Sevda', surname: 'Güleç', roles: ['ORDER_MANAGER'] });
    await signOutThroughUi(page);
    await signInThroughUi(page, portal.baseUrl, ORDERS.userName, ORDERS.password);
    await page.waitForTimeout(1000);
    expect(await card.count()).toBe(0);
    // The greeting names the person, not the sign-in name.
    await expect.poll(() => page.getByTestId('greeting').textContent()).toMatch(/^Sevda Güleç, /);
  });
});
