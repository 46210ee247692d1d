import type { CreateDriverBody, CreateVehicleBody } from '@mandira/contract/fleet';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser } from './browser.ts';
import { ApiSeeder, placedOrder, productItemBody, stockIn } from './seed.ts';
import { SCREENSHOT_DIR } from './settings.ts';
import {
  cancelTypedForm,
  dialog,
  menuLabels,
  screenshotFromTop,
  signInThroughUi,
  signOutThroughUi,
  tableRow,
} from './ui.ts';
import { isInViewUncovered, LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const MANAGER = { userName: 'filo.yonetici.e2e', password: 'filo-yonetici-1234' };
const OFFICE = { userName: 'sevkiyat.ofis.e2e', password: 'sevkiyat-ofis-1234' };
const SHIPPING = { userName: 'sevkiyat.personel.e2e', password: 'sevkiyat-personel-1234' };

const PLATE = '34 FLT 101';
const DRIVER = { name: 'Ayşe', surname: 'Çağlar' };
/** The back office's lorries and drivers, put in through the API. */
const SHIPMENT_VEHICLES: CreateVehicleBody[] = [
  {
    licencePlateCode: '10 SVK 201',
    brand: 'Mercedes',
    model: 'Actros',
    capacityInTons: 24,
    palletCapacity: 33,
  },
  { licencePlateCode: '10 SVK 202', brand: 'Ford', model: 'Cargo', capacityInTons: 12, palletCapacity: 18 },
];
const SHIPMENT_DRIVERS: CreateDriverBody[] = [
  { name: 'Mehmet', surname: 'Işık', gender: 'Erkek' },
  { name: 'Gülşen', surname: 'Öztürk', gender: 'Kadın' },
];
const CODE = 'SVK-E2E-01';

/**
 * Picks an option of a Mantine Select; its list opens in a portal outside the dialog. The label is
 * matched at its start: a required field's name ends in its asterisk.
 */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope
    .getByLabel(new RegExp(`^${label}`))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

async function openScreen(page: Page, menuLabel: string) {
  await page.getByTestId('menu-entry').filter({ hasText: menuLabel }).first().click();
  await page.getByRole('heading', { name: menuLabel, level: 1 }).waitFor();
}

/** The modal's save button is in view as it opens: the frame fits a 1366×768 laptop. */
async function expectInView(page: Page, modal: Locator, button: string) {
  const save = modal.getByRole('button', { name: button, exact: true });
  await expect.poll(() => isInViewUncovered(page, save)).toBe(true);
}

async function shipmentStep(page: Page, row: Locator, step: string, confirm = false) {
  await row.getByRole('button', { name: 'İşlemler' }).click();
  await page.getByRole('menuitem', { name: step }).click();
  if (confirm) {
    const asked = dialog(page, step);
    await asked.getByRole('button', { name: step }).click();
    await asked.waitFor({ state: 'hidden' });
  }
}

describe('vehicles, drivers, vehicle planning and shipments', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let orderNumber: number;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...MANAGER, name: 'Deniz', surname: 'Yılmaz', roles: ['ORDER_MANAGER'] });
    await seeder.createUser({ ...OFFICE, name: 'Ozan', surname: 'Şahin', roles: ['BACKOFFICE_ADMIN'] });
    await seeder.createUser({ ...SHIPPING, name: 'Cem', surname: 'Uğur', roles: ['SHIPPING_STAFF'] });

    // An order waiting for review, to plan a vehicle on.
    const buyer = await seeder.createBuyer({
      code: 'E2E-F01',
      title: 'İzmir Kahvaltı Salonu',
      name: 'Nur',
      surname: 'Kaya',
    });
    // 1000 g: the order suites count the 1500 g group's products, and share this server.
    const item = await seeder.createProductItem(
      productItemBody('FLT-9101', 'Kalıp Tereyağı', { packagingUnitTypeAmount: 1000 }),
    );
    await stockIn(seeder, item, [{ pieces: 120 }]);
    const product = await seeder.call<{ id: number }>('POST', '/products', {
      name: 'Kalıp Tereyağı 1000 g',
      stockCode: 'FLT-9101',
      price: 300,
      quantityInsideBox: 6,
      productBundle: [{ productItemId: item.id, quantity: 1 }],
    });
    const order = await placedOrder(
      seeder,
      { buyerId: buyer.id, productId: product.id, boxes: 4 },
      { buyerRequestReferenceCode: 'FLT-PLAN-1' },
    );
    orderNumber = order.orderNumber;

    // The route: Depo-1 (seeded without a location: the stock suite counts the own warehouses, so
    // none is added here), a stop in Manisa, the buyer's depot in İzmir.
    await seeder.createBuyerWarehouse(buyer.id, {
      code: 'MANISA',
      title: 'Manisa Şubesi',
      latitude: 38.6191,
      longitude: 27.4289,
    });
    await seeder.createBuyerWarehouse(buyer.id, {
      code: 'BORNOVA',
      title: 'Bornova Deposu',
      latitude: 38.4622,
      longitude: 27.2167,
    });
    for (const vehicle of SHIPMENT_VEHICLES) await seeder.createVehicle(vehicle);
    for (const driver of SHIPMENT_DRIVERS) await seeder.createDriver(driver);

    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets the order manager add and edit a driver and a vehicle, and plan it on an order', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/fleet-manager-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, MANAGER.userName, MANAGER.password);
    expect(await menuLabels(page)).toEqual(expect.arrayContaining(['Araç Yönetimi', 'Sürücü Yönetimi']));
    expect(await menuLabels(page)).not.toContain('Sevkiyat Yönetimi');

    // --- a driver: 'Sürücü Bilgileri' with 'Seçiniz', Erkek, Kadın ---
    await openScreen(page, 'Sürücü Yönetimi');
    await tableRow(page, 'Mehmet').waitFor();
    await page.getByRole('button', { name: 'Sürücü Ekle' }).click();
    const driverModal = dialog(page, 'Sürücü Bilgileri');
    expect(await driverModal.getByLabel('Cinsiyet', { exact: true }).inputValue()).toBe('Seçiniz');
    await driverModal.getByLabel('Cinsiyet', { exact: true }).click();
    expect((await page.getByRole('option').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Seçiniz',
      'Erkek',
      'Kadın',
    ]);
    await page.getByRole('option', { name: 'Kadın' }).click();
    expect(await driverModal.getByLabel('Durum', { exact: true }).inputValue()).toBe('Müsait');
    await driverModal.getByRole('textbox', { name: 'Ad', exact: true }).fill(DRIVER.name);
    await driverModal.getByRole('textbox', { name: 'Soyad', exact: true }).fill(DRIVER.surname);
    await driverModal.getByLabel('Doğum Tarihi').fill('12.04.1988');
    await driverModal.getByLabel('Doğum Tarihi').blur();
    await driverModal.getByLabel('Telefon').fill('0533 444 55 66');
    await driverModal.getByLabel('TC Kimlik No').fill('10000000145');
    await driverModal.getByLabel('Ehliyet No').fill('E-482913');
    await driverModal.getByRole('button', { name: 'Kaydet' }).click();
    // A wrong TCKN is refused on its field.
    await driverModal.getByText('Geçersiz T.C. kimlik numarası.').waitFor();
    await driverModal.getByLabel('TC Kimlik No').fill('10000000146');
    await expectInView(page, driverModal, 'Kaydet');
    await screenshotFromTop(page, 'fleet-driver-modal');
    await driverModal.getByRole('button', { name: 'Kaydet' }).click();
    await driverModal.waitFor({ state: 'hidden' });
    const driverRow = tableRow(page, DRIVER.surname);
    await driverRow.waitFor();
    expect(await driverRow.innerText()).toContain('12.04.1988');
    expect(await driverRow.innerText()).toContain('Müsait');

    // Editing reopens the modal with the row's values.
    await driverRow.getByRole('button', { name: 'Düzenle' }).click();
    expect(await driverModal.getByLabel('Ehliyet No').inputValue()).toBe('E-482913');
    expect(await driverModal.getByLabel('Cinsiyet', { exact: true }).inputValue()).toBe('Kadın');
    await choose(page, driverModal, 'Durum', 'İzinli');
    await driverModal.getByRole('button', { name: 'Kaydet' }).click();
    await driverModal.waitFor({ state: 'hidden' });
    await expect.poll(() => driverRow.innerText()).toContain('İzinli');
    await screenshotFromTop(page, 'fleet-drivers');

    // --- a vehicle: figures typed the Turkish way, drivers as text, status label ---
    await openScreen(page, 'Araç Yönetimi');
    await tableRow(page, '10 SVK 201').waitFor();
    await page.getByRole('button', { name: 'Araç Ekle' }).click();
    const vehicleModal = dialog(page, 'Araç Ekle');
    const year = String(new Date().getFullYear());
    expect(await vehicleModal.getByLabel('Üretim Yılı').inputValue()).toBe(year);
    await vehicleModal.getByLabel('Plaka').fill('34 flt 101');
    await vehicleModal.getByLabel('Marka').fill('Ford');
    await vehicleModal.getByLabel('Model', { exact: true }).fill('Cargo 1833');
    await vehicleModal.getByLabel('Üretim Yılı').fill('2021');
    await vehicleModal.getByLabel('Kapasite (ton)').fill('18,5');
    await vehicleModal.getByLabel('Palet Kapasitesi').fill('20');
    await vehicleModal.getByLabel('Yakıt Tüketimi Boş (lt/100km)').fill('24,5');
    await vehicleModal.getByLabel('Yakıt Tüketimi Yarı Dolu (lt/100km)').fill('29');
    await vehicleModal.getByLabel('Yakıt Tüketimi Dolu (lt/100km)').fill('33,75');
    await vehicleModal.getByLabel('Sürücüler', { exact: true }).click();
    await page.getByRole('option', { name: `${DRIVER.name} ${DRIVER.surname}` }).click();
    await page.keyboard.press('Escape');
    await expectInView(page, vehicleModal, 'Kaydet');
    await screenshotFromTop(page, 'fleet-vehicle-modal');
    await vehicleModal.getByRole('button', { name: 'Kaydet' }).click();
    await vehicleModal.waitFor({ state: 'hidden' });
    const vehicleRow = tableRow(page, PLATE);
    await vehicleRow.waitFor();
    const vehicleText = await vehicleRow.innerText();
    for (const shown of ['Ford', 'Cargo 1833', '2021', '18,5', '24,5', '33,75', 'Ayşe Çağlar', 'Müsait']) {
      expect(vehicleText).toContain(shown);
    }

    // The same plate again, written otherwise: the server's Turkish message on the plate field.
    await page.getByRole('button', { name: 'Araç Ekle' }).click();
    await vehicleModal.getByLabel('Plaka').fill('34FLT 101');
    await vehicleModal.getByRole('button', { name: 'Kaydet' }).click();
    await vehicleModal.getByText('plakalı bir araç zaten kayıtlı').waitFor();
    expect(await vehicleModal.getByLabel('Plaka').getAttribute('aria-invalid')).toBe('true');
    await screenshotFromTop(page, 'fleet-vehicle-duplicate');
    await cancelTypedForm(page, vehicleModal);

    await vehicleRow.getByRole('button', { name: 'Düzenle' }).click();
    const editModal = dialog(page, 'Aracı Düzenle');
    expect(await editModal.getByLabel('Kapasite (ton)').inputValue()).toBe('18,5');
    await choose(page, editModal, 'Durum', 'Bakımda');
    await editModal.getByLabel('Palet Kapasitesi').fill('24');
    await editModal.getByRole('button', { name: 'Kaydet' }).click();
    await editModal.waitFor({ state: 'hidden' });
    await expect.poll(() => vehicleRow.innerText()).toContain('Bakımda');
    await screenshotFromTop(page, 'fleet-vehicles');

    // --- 'Araç Planla' on the order: Plan waits for a vehicle; capacity against planned palettes ---
    await openScreen(page, 'Siparişler');
    const card = page
      .getByTestId('order')
      .filter({ has: page.getByText(`Sipariş ${orderNumber}`, { exact: true }) });
    await card.locator('button[aria-expanded]').first().click();
    await card.getByRole('button', { name: 'Araç Planla' }).click();
    const planModal = dialog(page, `Araç Planla: Sipariş ${orderNumber}`);
    expect(await planModal.getByRole('button', { name: 'Planla' }).isDisabled()).toBe(true);
    await choose(page, planModal, 'Araç', new RegExp(PLATE));
    await planModal.getByLabel('Tahmini Palet Sayısı').fill('6');
    await expect.poll(() => planModal.getByTestId('palette-load').innerText()).toContain('6 / 24 palet');
    await screenshotFromTop(page, 'fleet-plan-vehicle-modal');
    await planModal.getByRole('button', { name: 'Planla' }).click();
    await planModal.waitFor({ state: 'hidden' });
    await expect
      .poll(() => card.getByTestId('planned-vehicle').innerText())
      .toBe(`${PLATE} · Ford Cargo 1833 (6 palet)`);
    await screenshotFromTop(page, 'fleet-order-planned');

    // Planned again, the order's own palettes are not counted twice.
    await card.getByRole('button', { name: 'Araç Planla' }).click();
    await expect.poll(() => planModal.getByTestId('palette-load').innerText()).toContain('6 / 24 palet');
    await planModal.getByRole('button', { name: 'İptal' }).click();
    await signOutThroughUi(page);
  });

  it('lets the back office create a shipment and walk it to loading and back to parking', async () => {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/fleet-shipments-failed.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
    await openScreen(page, 'Sevkiyat Yönetimi');
    await page.getByRole('button', { name: 'Yeni Sevkiyat' }).click();
    const modal = dialog(page, 'Yeni Sevkiyat');
    // Code, vehicle, driver, origin and destination are required.
    await modal.getByRole('button', { name: 'Oluştur' }).click();
    await expect.poll(() => modal.getByText('Bu alan zorunludur.').count()).toBe(4);
    await modal.getByLabel('Sevkiyat Kodu').fill(CODE.toLowerCase());
    await choose(page, modal, 'Araç', /10 SVK 201/);
    await choose(page, modal, 'Sürücü', 'Mehmet Işık');
    await choose(page, modal, 'Çıkış Deposu', 'Depo-1 (DEPO1)');
    await choose(page, modal, 'Ara Durak 1', /Manisa Şubesi/);
    await choose(page, modal, 'Varış Deposu', /Bornova Deposu/);
    await modal.getByLabel('Açıklama').fill('Ege hattı sabah sevkiyatı');
    await expectInView(page, modal, 'Oluştur');
    await screenshotFromTop(page, 'fleet-shipment-modal');
    await modal.getByRole('button', { name: 'Oluştur' }).click();
    await modal.waitFor({ state: 'hidden' });
    const row = tableRow(page, CODE);
    await row.waitFor();
    const rowText = await row.innerText();
    for (const shown of [
      '10 SVK 201',
      'Depo-1',
      'Manisa Şubesi',
      'Bornova Deposu',
      'İzmir',
      'Park Halinde',
    ]) {
      expect(rowText).toContain(shown);
    }
    // Depo-1 has no location: no distance or duration rather than a wrong one.
    expect(await row.getByRole('cell', { name: '–' }).count()).toBe(2);

    // The same code again: the failed-create alert with the server's reason.
    await page.getByRole('button', { name: 'Yeni Sevkiyat' }).click();
    await modal.getByLabel('Sevkiyat Kodu').fill(CODE);
    await choose(page, modal, 'Araç', /10 SVK 202/);
    await choose(page, modal, 'Sürücü', 'Gülşen Öztürk');
    await choose(page, modal, 'Çıkış Deposu', 'Depo-1 (DEPO1)');
    await choose(page, modal, 'Varış Deposu', /Manisa Şubesi/);
    await modal.getByRole('button', { name: 'Oluştur' }).click();
    const failure = modal.getByTestId('form-error');
    await failure.getByText('Sevkiyat oluşturulurken hata oluştu.').waitFor();
    expect(await failure.innerText()).toContain(CODE);
    await screenshotFromTop(page, 'fleet-shipment-create-failed');
    await cancelTypedForm(page, modal);

    // The route: three stops in order, on the map.
    await row.getByRole('button', { name: 'Rota' }).click();
    const route = dialog(page, `Rota: ${CODE}`);
    await route.getByTestId('route-map').waitFor();
    await route.getByText(/Konumu girilmemiş durak: DEPO1 - Depo-1/).waitFor();
    expect(
      (await route.getByTestId('route-stops').getByRole('row').allInnerTexts()).map((text) =>
        text.replace(/\s+/g, ' ').trim(),
      ),
    ).toEqual([
      '1. Çıkış DEPO1 - Depo-1',
      '2. Ara durak MANISA - Manisa Şubesi',
      '3. Varış BORNOVA - Bornova Deposu',
    ]);
    await screenshotFromTop(page, 'fleet-shipment-route');
    await page.keyboard.press('Escape');
    await route.waitFor({ state: 'hidden' });

    // The destination city filter.
    await page.getByRole('combobox', { name: 'Varış ili' }).fill('Ankara');
    await page.getByRole('option', { name: 'Ankara' }).click();
    await page.getByText('Kayıt bulunamadı').waitFor();
    await page.getByRole('combobox', { name: 'Varış ili' }).fill('İzmir');
    await page.getByRole('option', { name: 'İzmir' }).click();
    await row.waitFor();

    // PARKING → PREPARING_TO_LOAD → LOADING → back to PREPARING_TO_LOAD → PARKING.
    const status = () => row.getByTestId('shipment-status').innerText();
    await shipmentStep(page, row, 'Yüklemeye Hazırla');
    await expect.poll(status).toBe('Yüklemeye Hazırlanıyor');
    await shipmentStep(page, row, 'Yüklemeye Başla');
    await expect.poll(status).toBe('Yükleniyor');
    // Nothing is loaded yet: the load check is held back with the reason; editing ended with loading.
    await row.getByRole('button', { name: 'İşlemler' }).click();
    // The row's buttons may first scroll into view (decision 107): wait for the menu before reading it.
    await page.getByRole('menuitem', { name: 'Yüklemeyi Durdur' }).waitFor();
    expect(await page.getByRole('menuitem', { disabled: false }).allInnerTexts()).toEqual([
      'Yüklemeyi Durdur',
    ]);
    const heldBack = page.getByTestId('held-back-step').filter({ hasText: 'Yük Kontrolüne Başla' });
    expect(await heldBack.innerText()).toContain('sevkiyata yüklenmiş kalem yok');
    await screenshotFromTop(page, 'fleet-shipment-actions');
    await page.keyboard.press('Escape');
    expect(await row.getByRole('button', { name: 'Düzenle' }).count()).toBe(0);
    await shipmentStep(page, row, 'Yüklemeyi Durdur', true);
    await expect.poll(status).toBe('Yüklemeye Hazırlanıyor');
    await shipmentStep(page, row, 'Park Et', true);
    await expect.poll(status).toBe('Park Halinde');

    // Editable again while parked.
    await row.getByRole('button', { name: 'Düzenle' }).click();
    const edit = dialog(page, `Sevkiyatı Düzenle: ${CODE}`);
    expect(await edit.getByLabel(/^Varış Deposu/).inputValue()).toContain('Bornova Deposu');
    await edit.getByLabel('Açıklama').fill('Ege hattı öğleden sonra');
    await edit.getByRole('button', { name: 'Kaydet' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('Ege hattı öğleden sonra');
    await screenshotFromTop(page, 'fleet-shipments');
    await signOutThroughUi(page);
  });

  it('shows shipping staff the shipment list read-only', async () => {
    const { page } = browser;
    await signInThroughUi(page, baseUrl, SHIPPING.userName, SHIPPING.password);
    await openScreen(page, 'Sevkiyat Yönetimi');
    // They open on the trucks whose loads wait for their acceptance; this one has none.
    const waitingOnly = page.getByRole('checkbox', { name: 'Kabul bekleyen yükler' });
    expect(await waitingOnly.isChecked()).toBe(true);
    await page.locator('label', { hasText: 'Kabul bekleyen yükler' }).click();
    await expect.poll(() => waitingOnly.isChecked()).toBe(false);
    const row = tableRow(page, CODE);
    await row.waitFor();
    await page.getByText('Salt okunur').waitFor();
    expect(await page.getByRole('button', { name: 'Yeni Sevkiyat' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'İşlemler' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Düzenle' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Rota' }).click();
    await dialog(page, `Rota: ${CODE}`).getByTestId('route-map').waitFor();
    await page.keyboard.press('Escape');
    await screenshotFromTop(page, 'fleet-shipments-read-only');
    await signOutThroughUi(page);
  });
});
