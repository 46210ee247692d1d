import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { MilkDelivery } from '@mandira/contract/milk';
import ExcelJS from 'exceljs';
import type { Download, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser, screenshot as pageScreenshot } from './browser.ts';
import { ApiSeeder } from './seed.ts';
import { SCREENSHOT_DIR } from './settings.ts';
import { cancelTypedForm, dialog, menuLabels, signInThroughUi, signOutThroughUi } from './ui.ts';

const baseUrl = inject('baseUrl');
const USER = { userName: 'sut.e2e', password: 'sut-e2e-1234' };
const PLATE = '10 E2E 01';

/** A full-page picture from the top: the shell's header is fixed and would cut through a scrolled one. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return pageScreenshot(page, name);
}

async function workbookOf(download: Download): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  return workbook;
}

async function downloadBy(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** Picks an option of a Mantine Select; its list opens in a portal outside the dialog. */
async function choose(page: Page, scope: ReturnType<typeof dialog>, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option }).click();
}

describe('milk collection as an order manager', () => {
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openBrowser();
    const admin = await ApiSeeder.asAdmin(baseUrl);
    await admin.createUser({
      ...USER,
      name: 'Elif',
      surname: 'Öztürk',
      roles: ['ORDER_MANAGER'],
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('adds a vehicle, a driver and a delivery, and finds it in the table, the figures and Excel', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, USER.userName, USER.password);
    expect(await menuLabels(page)).toEqual(
      expect.arrayContaining(['Süt Araçları Yönetimi', 'Süt Aracı Şoför Yönetimi', 'Süt Teslimatı Girişi']),
    );

    // --- a vehicle: the total follows the tanks as they are typed ---
    await page.getByTestId('menu-entry').filter({ hasText: 'Süt Araçları Yönetimi' }).click();
    await page.waitForURL('**/sut-araci-yonetimi');
    // Other suites (field-devices, number-fields) may have added milk vehicles first: wait for the list.
    await page.getByTestId('table-count').waitFor();
    await page.getByRole('button', { name: 'Araç Ekle' }).click();
    const vehicleModal = dialog(page, 'Araç Ekle');
    const total = vehicleModal.getByTestId('total-volume');
    expect(await total.inputValue()).toBe('0');
    expect(await total.getAttribute('readonly')).not.toBeNull();
    await vehicleModal.getByLabel('Plaka').fill(PLATE);
    await vehicleModal.getByLabel('Marka').fill('Ford');
    await vehicleModal.getByLabel('Model', { exact: true }).fill('Cargo 1833');
    await vehicleModal.getByLabel('Tank Sayısı').fill('2');
    await vehicleModal.getByLabel('Tank Hacmi (L)').fill('4500,5');
    await expect.poll(() => total.inputValue()).toBe('9.001');
    await vehicleModal.getByLabel('Tank Sayısı').fill('3');
    await expect.poll(() => total.inputValue()).toBe('13.501,5');
    await screenshot(page, 'milk-vehicle-modal');
    await vehicleModal.getByRole('button', { name: 'Kaydet' }).click();
    await vehicleModal.waitFor({ state: 'hidden' });
    const vehicleRow = page.getByRole('row').filter({ hasText: PLATE });
    await vehicleRow.waitFor();
    expect(await vehicleRow.textContent()).toContain('13.501,5');

    // The same plate again: the server's refusal shows and the modal stays open.
    await page.getByRole('button', { name: 'Araç Ekle' }).click();
    await vehicleModal.getByLabel('Plaka').fill('10e2e01');
    await vehicleModal.getByRole('button', { name: 'Kaydet' }).click();
    await vehicleModal.getByTestId('form-error').getByText('plakalı bir süt aracı zaten kayıtlı').waitFor();
    await cancelTypedForm(page, vehicleModal);
    await page.getByText(`${PLATE} kaydedildi.`).waitFor({ state: 'hidden' });
    await screenshot(page, 'milk-vehicles');

    // --- a driver: a blank name is refused, the save button shows its progress ---
    await page.getByTestId('menu-entry').filter({ hasText: 'Süt Aracı Şoför Yönetimi' }).click();
    await page.waitForURL('**/sut-araci-sofor-yonetimi');
    await page.getByRole('button', { name: 'Şoför Ekle' }).click();
    const driverModal = dialog(page, 'Şoför Ekle');
    await driverModal.getByRole('textbox', { name: 'Ad', exact: true }).fill('   ');
    await driverModal.getByRole('button', { name: 'Kaydet' }).click();
    await driverModal.getByTestId('form-error').getByText('Ad ve soyad zorunludur.').waitFor();
    await driverModal.getByRole('textbox', { name: 'Ad', exact: true }).fill('Ayşe');
    await driverModal.getByRole('textbox', { name: 'Soyad', exact: true }).fill('Kılıç');
    await choose(page, driverModal, 'Cinsiyet', 'Kadın');
    await driverModal.getByLabel('Doğum Tarihi').fill('12.04.1988');
    await driverModal.getByLabel('Doğum Tarihi').blur();
    await driverModal.getByLabel('Telefon').fill('0533 444 55 66');
    await driverModal.getByLabel('TC Kimlik No').fill('10000000146');
    // Hold the answer back a moment, to see the button while the request is in flight.
    await page.route('**/api/production/milk-delivery/drivers', async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await driverModal.getByRole('button', { name: 'Kaydet' }).click();
    const saving = driverModal.getByRole('button', { name: 'Kaydediliyor...' });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    await screenshot(page, 'milk-driver-saving');
    await driverModal.waitFor({ state: 'hidden' });
    await page.unroute('**/api/production/milk-delivery/drivers');
    const driverRow = page.getByRole('row').filter({ hasText: 'Kılıç' });
    await driverRow.waitFor();
    expect(await driverRow.textContent()).toMatch(/Ayşe.*Kılıç.*Kadın.*12\.04\.1988.*10000000146/);
    await page.getByText('Ayşe Kılıç kaydedildi.').waitFor({ state: 'hidden' });
    await screenshot(page, 'milk-drivers');

    // --- a delivery: new ones start at 0 litres and now ---
    await page.getByTestId('menu-entry').filter({ hasText: 'Süt Teslimatı Girişi' }).click();
    await page.waitForURL('**/sut-girisi');
    const figures = page.getByTestId('milk-figures');
    await figures.getByTestId('milk-totals').waitFor();
    expect(await figures.getByTestId('milk-total-totalVolume').textContent()).toBe('Toplam Süt0 L');
    const deliveries = page.getByTestId('milk-deliveries');
    await deliveries.getByText('Bu aralıkta teslimat bulunamadı').waitFor();
    await deliveries.getByRole('button', { name: 'Yeni Teslimat' }).click();
    const deliveryModal = dialog(page, 'Yeni Teslimat');
    expect(await deliveryModal.getByLabel('İnek Sütü (L)').inputValue()).toBe('0');
    // Turkish 'GG.AA.YYYY SS:DD' in the field and the same in the table (decision 107).
    const now = await deliveryModal.getByLabel('Teslimat Zamanı').inputValue();
    const nowInTable = now.slice(0, 16);
    expect(`${now.slice(6, 10)}-${now.slice(3, 5)}-${now.slice(0, 2)}`).toBe(istanbulDate(new Date()));
    await choose(page, deliveryModal, 'Araç', PLATE);
    await choose(page, deliveryModal, 'Şoför', 'Ayşe Kılıç');
    await deliveryModal.getByLabel('İnek Sütü (L)').fill('1250,5');
    await deliveryModal.getByLabel('Koyun Sütü (L)').fill('300');
    await deliveryModal.getByLabel('Keçi Sütü (L)').fill('45,2');

    // A time days ahead is refused: the save failure alert shows and the modal stays open.
    const ahead = new Date(Date.now() + 5 * 86_400_000);
    const [year, month, day] = istanbulDate(ahead).split('-');
    await deliveryModal.getByLabel('Teslimat Zamanı').fill(`${day}.${month}.${year} 07:30`);
    await deliveryModal.getByLabel('Teslimat Zamanı').blur();
    await deliveryModal.getByRole('button', { name: 'Kaydet' }).click();
    const refusal = deliveryModal.getByTestId('form-error');
    await refusal.getByText('Kaydetme sırasında hata oluştu.').waitFor();
    expect(await refusal.textContent()).toContain('Teslimat zamanı ileri bir tarih olamaz.');
    await screenshot(page, 'milk-delivery-refused');
    await deliveryModal.getByLabel('Teslimat Zamanı').fill(now);
    await deliveryModal.getByLabel('Teslimat Zamanı').blur();
    // The modal closes on the save's answer, not after the list is read again: the list's reads are
    // held until it has closed. The write's live echo does not read the list a second time (decision 139).
    const listReads: Request[] = [];
    let releaseReads = () => {};
    const readsHeld = new Promise<void>((resolve) => {
      releaseReads = resolve;
    });
    const LIST = /\/api\/production\/milk-delivery\/deliveries\?/;
    await page.route(LIST, async (route) => {
      listReads.push(route.request());
      await readsHeld;
      await route.continue();
    });
    await deliveryModal.getByRole('button', { name: 'Kaydet' }).click();
    await deliveryModal.waitFor({ state: 'hidden' });
    releaseReads();

    const deliveryRow = deliveries.getByRole('row').filter({ hasText: PLATE });
    await deliveryRow.waitFor();
    // Long enough for the echo to arrive and its 200 ms gathering to pass.
    await page.waitForTimeout(1_500);
    expect(listReads).toHaveLength(1);
    await page.unroute(LIST);
    const rowText = (await deliveryRow.textContent()) ?? '';
    expect(rowText).toContain('Ayşe Kılıç');
    expect(rowText).toContain('1.250,5');
    expect(rowText).toContain('1.595,7');
    expect(rowText).toContain(nowInTable);

    // The day's figures: the totals and today's row of the daily table.
    await figures.getByTestId('milk-total-totalVolume').getByText('1.595,7').waitFor();
    expect(await figures.getByTestId('milk-total-cowMilkVolume').textContent()).toContain('1.250,5');
    expect(await figures.getByTestId('milk-total-deliveryCount').textContent()).toContain('1');
    const today = istanbulDate(new Date());
    const todayText = `${today.slice(8, 10)}.${today.slice(5, 7)}.${today.slice(0, 4)}`;
    const todayRow = figures.getByRole('row').filter({ hasText: todayText });
    expect(await todayRow.textContent()).toMatch(/1\.250,5.*300.*45,2.*1\.595,7.*1/);
    await page.getByText('Teslimat kaydedildi.').waitFor({ state: 'hidden' });
    await screenshot(page, 'milk-deliveries');

    // Excel of the deliveries: the rows on screen, with the Turkish headers.
    const listFile = await downloadBy(page, () =>
      deliveries.getByRole('button', { name: 'Excel', exact: true }).click(),
    );
    expect(listFile.suggestedFilename()).toMatch(/^sut-teslimatlari-.*\.xlsx$/);
    const list = (await workbookOf(listFile)).worksheets[0]!;
    expect(list.getRow(1).values).toEqual(
      expect.arrayContaining([
        'Araç / Şoför',
        'İnek Sütü (L)',
        'Koyun Sütü (L)',
        'Keçi Sütü (L)',
        'Teslimat Zamanı',
      ]),
    );
    expect(list.rowCount).toBe(2);
    expect(list.getRow(2).values).toEqual(
      expect.arrayContaining([`${PLATE} - Ayşe Kılıç`, 1250.5, 300, 45.2, nowInTable]),
    );

    // Excel of the figures: a totals sheet and one sheet per breakdown.
    const summaryFile = await downloadBy(page, () =>
      figures.getByRole('button', { name: 'Özet Excel' }).click(),
    );
    const summary = await workbookOf(summaryFile);
    expect(summary.worksheets.map((sheet) => sheet.name)).toEqual([
      'Özet',
      'Günlük',
      'Araçlara Göre',
      'Şoförlere Göre',
    ]);
    expect(summary.getWorksheet('Özet')!.getRow(2).values).toEqual(
      expect.arrayContaining([1250.5, 300, 45.2, 1595.7, 1]),
    );
    expect(summary.getWorksheet('Araçlara Göre')!.getRow(2).values).toEqual(
      expect.arrayContaining([PLATE, 1595.7]),
    );

    // The other breakdowns are a tab away.
    await figures.getByRole('tab', { name: 'Şoförlere Göre' }).click();
    await figures.getByRole('row').filter({ hasText: 'Ayşe Kılıç' }).waitFor();
    await screenshot(page, 'milk-deliveries-by-driver');

    // Editing reopens the modal with the row's values; the figures follow the correction.
    await deliveryRow.getByRole('button', { name: 'Düzenle' }).click();
    const editModal = dialog(page, 'Teslimatı Düzenle');
    expect(await editModal.getByLabel('İnek Sütü (L)').inputValue()).toBe('1.250,5');
    expect(await editModal.getByLabel('Teslimat Zamanı').inputValue()).toBe(now);
    await editModal.getByLabel('Keçi Sütü (L)').fill('50');
    await editModal.getByRole('button', { name: 'Kaydet' }).click();
    await editModal.waitFor({ state: 'hidden' });
    await deliveries.getByRole('row').filter({ hasText: '1.600,5' }).waitFor();
    await figures.getByTestId('milk-total-totalVolume').getByText('1.600,5').waitFor();
    await signOutThroughUi(page);
  });

  it('saves litres typed the Turkish way exactly as shown, and refuses what it cannot save', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, USER.userName, USER.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Süt Teslimatı Girişi' }).click();
    await page.waitForURL('**/sut-girisi');
    const deliveries = page.getByTestId('milk-deliveries');
    await deliveries.getByRole('button', { name: 'Yeni Teslimat' }).click();
    const modal = dialog(page, 'Yeni Teslimat');
    await choose(page, modal, 'Araç', PLATE);
    await choose(page, modal, 'Şoför', 'Ayşe Kılıç');
    const cow = modal.getByLabel('İnek Sütü (L)');
    const sheep = modal.getByLabel('Koyun Sütü (L)');
    const goat = modal.getByLabel('Keçi Sütü (L)');

    // A negative volume and a second decimal are refused on their fields; nothing is sent.
    let posts = 0;
    const countPosts = (request: Request) => {
      if (request.method() === 'POST' && request.url().endsWith('/milk-delivery/deliveries')) posts += 1;
    };
    page.on('request', countPosts);
    await cow.fill('-3');
    await sheep.fill('12,75');
    await goat.fill('1a');
    await modal.getByRole('button', { name: 'Kaydet' }).click();
    await modal.getByText('Hacim negatif olamaz.').waitFor();
    await modal.getByText('En fazla 1 ondalık basamak girilebilir.').waitFor();
    await modal.getByText('Geçerli bir sayı giriniz (ör. 1.512,7).').waitFor();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/milk-delivery-number-errors.png` });
    expect(posts).toBe(0);

    // '1512,7', '1.512,7' and '12.5' are read as the Turkish reader means them, and shown in tr-TR.
    await cow.fill('1512,7');
    await sheep.fill('1.512,7');
    await goat.fill('12.5');
    await goat.blur();
    expect(await cow.inputValue()).toBe('1.512,7');
    expect(await goat.inputValue()).toBe('12,5');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/milk-delivery-numbers.png` });
    await page.setViewportSize({ width: 1366, height: 860 });
    await modal.getByRole('button', { name: 'Kaydet' }).click();
    await modal.waitFor({ state: 'hidden' });
    page.off('request', countPosts);
    expect(posts).toBe(1);

    const admin = await ApiSeeder.asAdmin(baseUrl);
    const saved = await admin.call<MilkDelivery[]>('GET', '/production/milk-delivery/deliveries');
    expect(
      saved.map((delivery) => [
        delivery.deliveredCowMilkVolume,
        delivery.deliveredSheepMilkVolume,
        delivery.deliveredGoatMilkVolume,
      ]),
    ).toContainEqual([1512.7, 1512.7, 12.5]);
    await deliveries.getByRole('row').filter({ hasText: '3.037,9' }).waitFor();
    await signOutThroughUi(page);
  });

  it('pages through a busy week 50 deliveries at a time, and puts every one of them in Excel', async () => {
    const { page } = browser;
    const admin = await ApiSeeder.asAdmin(baseUrl);
    const vehicles = await admin.call<{ id: number; licencePlateCode: string }[]>(
      'GET',
      '/production/milk-delivery/vehicles',
    );
    const drivers = await admin.call<{ id: number; surname: string }[]>(
      'GET',
      '/production/milk-delivery/drivers',
    );
    const yesterday = addDays(istanbulDate(new Date()), -1);
    // 51 deliveries of yesterday morning, a minute apart; the oldest brings 2.000,3 L.
    for (let minute = 0; minute <= 50; minute += 1) {
      await admin.call('POST', '/production/milk-delivery/deliveries', {
        milkVehicleId: vehicles.find((vehicle) => vehicle.licencePlateCode === PLATE)!.id,
        milkVehicleDriverId: drivers.find((driver) => driver.surname === 'Kılıç')!.id,
        deliveredCowMilkVolume: 2000.3 + minute,
        deliveredSheepMilkVolume: 0,
        deliveredGoatMilkVolume: 0,
        deliveryDateTime: `${yesterday}T05:${String(minute).padStart(2, '0')}`,
      });
    }
    // The screen opens on the last 7 days, today included; other suites keep deliveries of older days.
    const today = istanbulDate(new Date());
    const all = await admin.call<MilkDelivery[]>(
      'GET',
      `/production/milk-delivery/deliveries?from=${addDays(today, -6)}&to=${today}`,
    );

    await signInThroughUi(page, baseUrl, USER.userName, USER.password);
    await page.getByTestId('menu-entry').filter({ hasText: 'Süt Teslimatı Girişi' }).click();
    await page.waitForURL('**/sut-girisi');
    const deliveries = page.getByTestId('milk-deliveries');
    await deliveries.getByText(`${all.length} kayıt`).waitFor();
    await expect.poll(() => deliveries.locator('tbody tr').count()).toBe(50);
    expect(await deliveries.getByRole('row').filter({ hasText: '2.000,3' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sonraki sayfa' }).click();
    await deliveries.getByRole('row').filter({ hasText: '2.000,3' }).waitFor();
    expect(await deliveries.locator('tbody tr').count()).toBe(all.length - 50);
    await screenshot(page, 'milk-deliveries-page-2');

    const file = await downloadBy(page, () =>
      deliveries.getByRole('button', { name: 'Excel', exact: true }).click(),
    );
    const sheet = (await workbookOf(file)).worksheets[0]!;
    expect(sheet.rowCount).toBe(all.length + 1);
    await signOutThroughUi(page);
  });
});
