import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { Shipment, ShipmentPage } from '@mandira/contract/shipments';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, buyerWithBranch } from './seed.ts';
import { screenshotFromTop, signInThroughUi, tableRow } from './ui.ts';
import { LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const OFFICE = { userName: 'sevkiyat.liste.e2e', password: 'sevkiyat-liste-1234' };
/** One more than a page of the screen (50): the second page holds the two oldest. */
const SHIPMENT_COUNT = 52;
const code = (index: number) => `SVK-TRB-${String(index).padStart(2, '0')}`;

async function chooseIn(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).fill(option);
  await page.getByRole('option', { name: option }).first().click();
}
const countText = (page: Page) => page.getByTestId('table-count').innerText();

describe('the shipment list, paged and filtered by the server', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  const shipments: Shipment[] = [];

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...OFFICE, name: 'Selin', surname: 'Güneş', roles: ['BACKOFFICE_ADMIN'] });
    // A buyer in Trabzon: no other suite ships there, so the city filter holds only these.
    const { branch: depot } = await buyerWithBranch(
      seeder,
      { code: 'E2E-TRB', title: 'Trabzon Kahvaltı Evi', name: 'Ömer', surname: 'Karadeniz' },
      { code: 'TRB-MERKEZ', title: 'Trabzon Deposu', latitude: 41.0027, longitude: 39.7168 },
    );
    const from = (await seeder.call<{ id: number; name: string }[]>('GET', '/warehouses'))[0]!.id;
    for (let index = 1; index <= SHIPMENT_COUNT; index++) {
      const vehicle = await seeder.createVehicle({
        licencePlateCode: `61 TRB ${100 + index}`,
        brand: 'Isuzu',
        model: 'NPR',
        capacityInTons: 8,
        palletCapacity: 12,
      });
      const driver = await seeder.createDriver({
        name: 'Sürücü',
        surname: `Trabzon ${index}`,
        gender: 'Erkek',
      });
      shipments.push(
        await seeder.call<Shipment>('POST', '/shipments', {
          shipmentCode: code(index),
          vehicleId: vehicle.id,
          driverId: driver.id,
          fromWarehouseId: from,
          toWarehouseId: depot.id,
          description: 'Karadeniz hattı',
        }),
      );
    }
    await seeder.shipmentActions(shipments[9]!.id, 'PREPARE_TO_LOAD');

    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets the back office page, filter and export every matching shipment', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Sevkiyat Yönetimi' }).first().click();
    await page.getByRole('heading', { name: 'Sevkiyat Yönetimi', level: 1 }).waitFor();

    // The city filter is the server's: the count is of every Trabzon shipment, the page shows 50.
    await chooseIn(page, 'Varış ili', 'Trabzon');
    await expect.poll(() => countText(page)).toBe(`${SHIPMENT_COUNT} kayıt`);
    await tableRow(page, code(SHIPMENT_COUNT)).waitFor();
    expect(await tableRow(page, code(1)).count()).toBe(0);
    await screenshotFromTop(page, 'shipment-list-page-1');

    // The route in whole km and in hours and minutes. These depots have no location on this shared
    // server, so the list's answer is given the route: 855,63 km in 14 h 16 min, estimated.
    const routed = code(SHIPMENT_COUNT);
    await page.route(/\/api\/shipments\?/, async (request) => {
      const response = await request.fetch();
      const body = (await response.json()) as { data: ShipmentPage };
      for (const shipment of body.data.shipments) {
        if (shipment.shipmentCode === routed) {
          Object.assign(shipment, { routeDistance: 855_630, duration: 51_360, routeIsEstimate: true });
        }
      }
      await request.fulfill({ status: response.status(), json: body });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Sevkiyat Yönetimi', level: 1 }).waitFor();
    await chooseIn(page, 'Varış ili', 'Trabzon');
    await tableRow(page, routed).waitFor();
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
    const cells = (await tableRow(page, routed).getByRole('cell').allInnerTexts()).map((text) => text.trim());
    expect(cells[headers.indexOf('Mesafe (km)')]).toBe('≈ 856');
    expect(cells[headers.indexOf('Süre')]).toBe('≈ 14 sa 16 dk');
    await tableRow(page, routed).getByRole('button', { name: 'Rota' }).click();
    const route = page.getByRole('dialog');
    expect(await route.getByTestId('route-distance').textContent()).toBe('≈ 856 km');
    expect(await route.getByTestId('route-duration').textContent()).toBe('≈ 14 sa 16 dk');
    await screenshotFromTop(page, 'shipment-list-route');
    await page.keyboard.press('Escape');
    await route.waitFor({ state: 'hidden' });
    await page.unroute(/\/api\/shipments\?/);

    // The second page: the two oldest.
    await page.getByRole('button', { name: 'Sonraki sayfa' }).click();
    await tableRow(page, code(1)).waitFor();
    await tableRow(page, code(2)).waitFor();
    await screenshotFromTop(page, 'shipment-list-page-2');
    expect(await tableRow(page, code(SHIPMENT_COUNT)).count()).toBe(0);

    // A status filter goes back to the first page and asks the server.
    await page.getByRole('combobox', { name: 'Durum' }).click();
    await page.getByRole('option', { name: 'Yüklemeye Hazırlanıyor' }).click();
    await expect.poll(() => countText(page)).toBe('1 kayıt');
    await tableRow(page, code(10)).waitFor();
    await screenshotFromTop(page, 'shipment-list-filtered');
    // A filter's clear button is hidden from the accessibility tree (Mantine): found by its label.
    await page.locator('[aria-label="Durum filtresini temizle"]').click();
    await expect.poll(() => countText(page)).toBe(`${SHIPMENT_COUNT} kayıt`);

    // The vehicle filter.
    await chooseIn(page, 'Araç', '61 TRB 105');
    await expect.poll(() => countText(page)).toBe('1 kayıt');
    await tableRow(page, code(5)).waitFor();
    await page.locator('[aria-label="Araç filtresini temizle"]').click();
    await expect.poll(() => countText(page)).toBe(`${SHIPMENT_COUNT} kayıt`);

    // The creation day: none from tomorrow, all from today.
    const turkish = (day: string) => day.split('-').reverse().join('.');
    const today = istanbulDate(new Date());
    const startDay = page.getByRole('textbox', { name: 'Başlangıç tarihi' });
    await startDay.fill(turkish(addDays(today, 1)));
    await startDay.press('Enter');
    await expect.poll(() => countText(page)).toBe('0 kayıt');
    await startDay.fill(turkish(today));
    await startDay.press('Enter');
    await expect.poll(() => countText(page)).toBe(`${SHIPMENT_COUNT} kayıt`);

    // Excel holds every shipment the filters match, not only the page on screen.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const codes: string[] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) codes.push(String(row.getCell(1).value));
    });
    expect(codes.sort()).toEqual(
      Array.from({ length: SHIPMENT_COUNT }, (_, index) => code(index + 1)).sort(),
    );

    // The list rows carry no road: the server's answer, as the screen receives it.
    const answer = await seeder.call<ShipmentPage>('GET', '/shipments?cityPlateCode=61&page=1&size=5');
    expect(answer.count).toBe(SHIPMENT_COUNT);
    expect(answer.shipments[0]).not.toHaveProperty('routeGeometry');
  });
});
