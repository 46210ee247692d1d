import type { Order } from '@mandira/contract/orders';
import type { ProductItem } from '@mandira/contract/products';
import type { Shipment } from '@mandira/contract/shipments';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import { ApiSeeder, buyerWithBranch, createShipment, placedOrder, stockedProduct } from './seed.ts';
import { SCREENSHOT_DIR, UI_TIMEOUT_MS } from './settings.ts';
import { dialog, screenshotFromTop, signInThroughUi, signOutThroughUi, tableRow } from './ui.ts';
import { LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const WAREHOUSE = { userName: 'depo.personeli.e2e', password: 'depo-personeli-1234' };
const SHIPPING = { userName: 'sevkiyat.personeli.e2e', password: 'sevkiyat-personeli-1234' };
const OFFICE = { userName: 'ofis.yukleme.e2e', password: 'ofis-yukleme-1234' };
const MANAGER = { userName: 'siparis.yukleme.e2e', password: 'siparis-yukleme-1234' };

const BUYER = {
  code: 'E2E-Y01',
  title: 'Çanakkale Şarküteri ve Gıda Ltd. Şti.',
  name: 'Gül',
  surname: 'Şahin',
};
/**
 * 1,5 kg packs, 6 to a box: 48 pieces weigh 72 kg. Kilograms keep it out of the 1500 g group, whose
 * products the order suite counts on this shared server.
 */
const PRODUCT = { code: 'YKL-9731', name: 'Ezine Tam Yağlı Beyaz Peynir 1500 g', price: 455 };
const SHIPMENT_CODE = 'SVK-E2E-YKL-01';
const PLATE = '17 YKL 101';
const BOXES = 8;
const PIECES = BOXES * 6;

async function openMenu(page: Page, label: string, heading: string) {
  await page.getByTestId('menu-entry').filter({ hasText: label }).first().click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

/** The warehouse screen's row of the test's item. */
function itemRow(page: Page, orderNumber: number) {
  return tableRow(page, PRODUCT.name).filter({ hasText: String(orderNumber) });
}

async function itemStatus(row: Locator) {
  return (await row.getByTestId('item-status').textContent())?.trim();
}

/** Opens the load modal, picks the shipment and types the pieces per warehouse. */
async function fillLoad(page: Page, orderNumber: number, quantities: Record<string, number>) {
  await itemRow(page, orderNumber).getByRole('button', { name: 'Araca Yükle' }).click();
  const modal = dialog(page, 'Araca Yükle');
  await modal.getByRole('combobox', { name: 'Sevkiyat' }).click();
  await page.getByRole('option', { name: new RegExp(SHIPMENT_CODE) }).click();
  for (const [label, pieces] of Object.entries(quantities)) {
    await modal.getByLabel(`${label} yüklenecek adet`).fill(String(pieces));
  }
  return modal;
}

async function finishLoading(page: Page, orderNumber: number) {
  await itemRow(page, orderNumber).getByRole('button', { name: 'Yüklemeyi Bitir' }).click();
  await dialog(page, 'Yüklemeyi Bitir').getByRole('button', { name: 'Yüklemeyi Bitir' }).click();
  // Nothing of the order is left in the warehouse: it leaves the list.
  await itemRow(page, orderNumber).waitFor({ state: 'detached' });
}

function shipmentRow(page: Page) {
  return tableRow(page, SHIPMENT_CODE);
}

/** With `accepted`, the truck's loads no longer wait: the list is shown beyond the waiting ones. */
async function openContents(page: Page, shipmentId: number) {
  await openMenu(page, 'Sevkiyat Yönetimi', 'Sevkiyat Yönetimi');
  await shipmentRow(page).getByRole('link', { name: 'İçerik' }).click();
  await page.waitForURL(`**/sevkiyat-siparis-yonetimi?orderShipmentId=${shipmentId}`);
  await page.getByRole('heading', { name: 'Sevkiyat Yük Kabulü' }).waitFor();
  const line = tableRow(page, PRODUCT.name);
  await line.waitFor();
  return line;
}

/** Runs a step from the shipment row's 'İşlemler' menu, confirming it when asked. */
async function shipmentStep(page: Page, label: string, confirm = false) {
  await shipmentRow(page).getByRole('button', { name: 'İşlemler' }).click();
  await page.getByRole('menuitem', { name: label }).click();
  if (confirm) await dialog(page, label).getByRole('button', { name: label }).click();
}

async function expectShipmentStatus(page: Page, label: string) {
  await expect
    .poll(() => shipmentRow(page).getByTestId('shipment-status').textContent(), { timeout: UI_TIMEOUT_MS })
    .toBe(label);
}

async function weigh(page: Page, tons: string) {
  await shipmentStep(page, 'Kantardan Çıkar');
  const modal = dialog(page, 'Kantar Tartımı');
  await modal.getByLabel('Net yük (kantar, ton)').fill(tons);
  await modal.getByRole('button', { name: 'Kantardan Çıkar' }).click();
  await modal.waitFor({ state: 'hidden' });
  await expectShipmentStatus(page, 'Tartım Tamamlandı');
}

describe('warehouse loading, load acceptance, weighbridge, delivery and the dispatch note', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let order: Order;
  let shipment: Shipment;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    await seeder.createUser({ ...WAREHOUSE, name: 'Hakan', surname: 'Çelik', roles: ['WAREHOUSE_STAFF'] });
    await seeder.createUser({ ...SHIPPING, name: 'İpek', surname: 'Güler', roles: ['SHIPPING_STAFF'] });
    await seeder.createUser({ ...OFFICE, name: 'Oğuz', surname: 'Işıklı', roles: ['BACKOFFICE_ADMIN'] });
    await seeder.createUser({ ...MANAGER, name: 'Şule', surname: 'Ünal', roles: ['ORDER_MANAGER'] });

    const { buyer, branch } = await buyerWithBranch(seeder, BUYER, {
      code: 'KORDON',
      title: 'Kordon Şubesi',
      latitude: 40.1553,
      longitude: 26.4142,
    });

    // 40 pieces in Depo-1, 20 in Depo-2.
    const product = await stockedProduct(seeder, PRODUCT, [
      { pieces: 40 },
      { warehouse: 'DEPO2', pieces: 20 },
    ]);

    // An order approved and sent to the warehouse.
    order = await placedOrder(
      seeder,
      { buyerId: buyer.id, productId: product.id, boxes: BOXES },
      { buyerBranch: branch.id, buyerRequestReferenceCode: 'CNK-4410', colorGroup: 'yellow' },
      'warehouse',
    );

    // A truck preparing to load: not yet taking loads.
    const vehicle = await seeder.createVehicle({
      licencePlateCode: PLATE,
      brand: 'Ford',
      model: 'Cargo 1833',
      capacityInTons: 10,
      palletCapacity: 14,
    });
    const driver = await seeder.createDriver({
      name: 'Murat',
      surname: 'Yıldırım',
      gender: 'Erkek',
      phone: '0532 555 41 10',
    });
    shipment = await createShipment(seeder, {
      shipmentCode: SHIPMENT_CODE,
      vehicleId: vehicle.id,
      driverId: driver.id,
      toWarehouseId: branch.id,
      description: 'Çanakkale hattı',
    });
    await seeder.shipmentActions(shipment.id, 'PREPARE_TO_LOAD');

    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('takes an order from the warehouse onto a truck, over the weighbridge to the buyer', async () => {
    const { page, context } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/loading-failed.png`, fullPage: true });
    });
    const { orderNumber } = order;

    // --- warehouse staff: prepare, start loading ---
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await openMenu(page, 'Depo Sipariş Yönetimi', 'Depo Sipariş Yönetimi');
    const row = itemRow(page, orderNumber);
    await row.waitFor();
    expect(await itemStatus(row)).toBe('Depo Operasyonu Bekliyor');
    expect(await row.textContent()).toContain(BUYER.title);
    for (const [button, status] of [
      ['Hazırlamaya Başla', 'Hazırlanıyor'],
      ['Hazırlandı, Yüklemeye Geç', 'Hazırlandı, Yükleme Bekliyor'],
      ['Yüklemeye Başla', 'Araca Yükleniyor'],
    ] as const) {
      await row.getByRole('button', { name: button }).click();
      await expect.poll(() => itemStatus(row)).toBe(status);
    }
    expect(await row.getByTestId('remaining-pieces').textContent()).toBe(`${PIECES} adet`);
    await screenshotFromTop(page, 'loading-warehouse-list');

    // No truck is loading yet: the form says whom to ask, and cannot load.
    const loading = await seeder.call<Shipment[]>('GET', '/shipments/filter-by-status?status=LOADING');
    if (loading.length === 0) {
      await row.getByRole('button', { name: 'Araca Yükle' }).click();
      const empty = dialog(page, 'Araca Yükle');
      const warning = empty.getByTestId('no-shipment');
      await warning.waitFor();
      expect(await warning.textContent()).toContain('sorumlu kişiyle görüşünüz');
      expect(await empty.getByRole('button', { name: 'Araca Yükle' }).isDisabled()).toBe(true);
      await screenshot(page, 'loading-no-shipment');
      await empty.getByRole('button', { name: 'İptal' }).click();
      await empty.waitFor({ state: 'hidden' });
    }
    await seeder.call('PUT', `/shipments/status/loading/${shipment.id}`);

    // --- load from two warehouses; another clerk's goods-out makes the first try fail ---
    let modal = await fillLoad(page, orderNumber, { 'Depo-1': 30, 'Depo-2': 18 });
    const warehouseRows = modal.getByTestId('load-warehouse');
    await expect.poll(() => warehouseRows.filter({ hasText: 'Depo-1' }).textContent()).toContain('40 adet');
    await expect.poll(() => warehouseRows.filter({ hasText: 'Depo-2' }).textContent()).toContain('20 adet');
    expect(await modal.getByTestId('load-total').textContent()).toBe(
      `Toplam: ${PIECES} adet (${BOXES} koli)`,
    );
    const items = await seeder.call<ProductItem[]>('GET', '/product-item');
    const depo2 = items
      .find((one) => one.stockCode === PRODUCT.code)!
      .stocks.find((s) => s.wareHouse.name === 'DEPO2')!;
    // The other clerk's goods-out has not reached this screen yet: the live event's re-read of the
    // warehouses' stock is held until the click, so the server, not the screen, refuses the load.
    const stockReads = '**/order-item/*/warehouse-stocks';
    const held: Route[] = [];
    await page.route(stockReads, (route) => void held.push(route));
    await seeder.call('PUT', '/product-item/stock-export-bulk', {
      stockChange: [{ id: depo2.id, exportedQuantity: 10, stockOperationType: 'RETAIL_OUTBOUND', notes: '' }],
    });
    await modal.getByRole('button', { name: 'Araca Yükle' }).click();
    const refusal = modal.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/Depo-2|DEPO2/);
    await page.unroute(stockReads);
    for (const route of held) await route.continue().catch(() => {});
    await screenshot(page, 'loading-load-refused');
    // The modal stays open with what was typed; 38 + 10 fit.
    await modal.getByLabel('Depo-1 yüklenecek adet').fill('38');
    await modal.getByLabel('Depo-2 yüklenecek adet').fill('10');
    await screenshot(page, 'loading-load-modal');
    await modal.getByRole('button', { name: 'Araca Yükle' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('loaded-pieces').textContent()).toBe(`${PIECES} adet`);
    expect(await row.getByTestId('remaining-pieces').textContent()).toBe('0 adet');
    expect(await row.getByTestId('warehouse-loads').textContent()).toBe('Depo-1: 38\nDepo-2: 10');
    expect(await row.getByRole('button', { name: 'Araca Yükle' }).count()).toBe(0);
    await screenshotFromTop(page, 'loading-loaded');
    await finishLoading(page, orderNumber);
    await signOutThroughUi(page);

    // --- shipping staff: the load is reported as not loaded ---
    await signInThroughUi(page, baseUrl, SHIPPING.userName, SHIPPING.password);
    let line = await openContents(page, shipment.id);
    const lineText = (await line.textContent()) ?? '';
    expect(lineText).toContain(String(orderNumber));
    expect(lineText).toContain(BUYER.title);
    expect(await line.getByTestId('content-warehouses').textContent()).toBe('Depo-1: 38\nDepo-2: 10');
    // Received without a lot: all of it from the undated lot, one lot in both warehouses.
    expect(await line.getByTestId('content-lots').textContent()).toBe('SKT yok: 48');
    expect(await line.getByRole('cell').nth(3).textContent()).toBe(String(PIECES));
    expect(await line.getByRole('cell').nth(4).textContent()).toBe(String(BOXES));
    await screenshotFromTop(page, 'loading-contents');
    await line.getByRole('button', { name: 'Yüklenmedi Olarak Bildir' }).click();
    const reject = dialog(page, 'Yüklenmedi Olarak Bildir');
    await screenshot(page, 'loading-reject-confirm');
    await reject.getByRole('button', { name: 'Yüklenmedi Olarak Bildir' }).click();
    // The page stays on the shipment, which no longer carries the line.
    await line.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`orderShipmentId=${shipment.id}`);
    await signOutThroughUi(page);

    // --- warehouse staff: loading again, the pieces are back on the shelves ---
    await signInThroughUi(page, baseUrl, WAREHOUSE.userName, WAREHOUSE.password);
    await openMenu(page, 'Depo Sipariş Yönetimi', 'Depo Sipariş Yönetimi');
    await row.waitFor();
    expect(await itemStatus(row)).toBe('Araca Yükleniyor');
    expect(await row.getByTestId('loaded-pieces').textContent()).toBe('0 adet');
    modal = await fillLoad(page, orderNumber, { 'Depo-1': 40, 'Depo-2': 8 });
    await expect.poll(() => warehouseRows.filter({ hasText: 'Depo-1' }).textContent()).toContain('40 adet');
    await expect.poll(() => warehouseRows.filter({ hasText: 'Depo-2' }).textContent()).toContain('10 adet');
    await modal.getByRole('button', { name: 'Araca Yükle' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => row.getByTestId('warehouse-loads').textContent()).toBe('Depo-1: 40\nDepo-2: 8');
    await finishLoading(page, orderNumber);
    await signOutThroughUi(page);

    // --- shipping staff: accepted ---
    await signInThroughUi(page, baseUrl, SHIPPING.userName, SHIPPING.password);
    line = await openContents(page, shipment.id);
    expect(await line.getByTestId('item-status').textContent()).toBe('Araca Yüklendi');
    await line.getByRole('button', { name: 'Yüklemeyi Kabul Et' }).click();
    // The page stays on the shipment; the line shows its new status in place.
    await expect.poll(() => line.getByTestId('item-status').textContent()).toBe('Yükleme Onaylandı');
    expect(page.url()).toContain(`orderShipmentId=${shipment.id}`);
    expect(await line.getByRole('button').count()).toBe(1);
    await signOutThroughUi(page);

    // --- back office: load check, weighbridge (a far-off weight is refused), delivery ---
    await signInThroughUi(page, baseUrl, OFFICE.userName, OFFICE.password);
    await openMenu(page, 'Sevkiyat Yönetimi', 'Sevkiyat Yönetimi');
    await shipmentStep(page, 'Yük Kontrolüne Başla');
    await expectShipmentStatus(page, 'Yük Kontrolünde');
    await shipmentStep(page, 'Yük Kontrolünü Bitir');
    await expectShipmentStatus(page, 'Yük Kontrolü Tamamlandı');
    await shipmentStep(page, 'Kantara Gönder');
    await expectShipmentStatus(page, 'Kantarda');
    await weigh(page, '5');
    // 72 kg expected, 5 t weighed: the server refuses the dispatch, and the row's menu holds the step
    // back with the server's reason.
    const dispatchRefusal = await seeder.call('PUT', `/shipments/start-delivery/${shipment.id}`).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(dispatchRefusal).toMatch(/beklenen 0,072 ton, tartılan 5,000 ton/);
    await shipmentRow(page).getByRole('button', { name: 'İşlemler' }).click();
    const heldBack = page.getByTestId('held-back-step').filter({ hasText: 'Yola Çıkar' });
    await heldBack.waitFor();
    const reason = ((await heldBack.textContent()) ?? '').replace('Yola Çıkar', '');
    expect(reason).toMatch(/^beklenen 0,072 ton, tartılan 5,000 ton/);
    expect(dispatchRefusal).toContain(reason);
    expect(await heldBack.isDisabled()).toBe(true);
    await screenshotFromTop(page, 'loading-weighbridge-refused');
    await page.keyboard.press('Escape');
    await expectShipmentStatus(page, 'Tartım Tamamlandı');
    await shipmentStep(page, 'Yeniden Kontrol Et', true);
    await expectShipmentStatus(page, 'Yük Kontrolünde');
    await shipmentStep(page, 'Yük Kontrolünü Bitir');
    await shipmentStep(page, 'Kantara Gönder');
    await expectShipmentStatus(page, 'Kantarda');
    await weigh(page, '0,074');
    await shipmentStep(page, 'Yola Çıkar', true);
    await expectShipmentStatus(page, 'Teslimatta');
    await shipmentStep(page, 'Teslim Edildi', true);
    await expectShipmentStatus(page, 'Teslim Edildi');
    await screenshotFromTop(page, 'loading-delivered');

    // The dispatch note opens in a new tab: the PDF the server made, fetched with the user's token.
    const served = page.waitForResponse((response) =>
      response.url().endsWith(`/api/shipments/${shipment.id}/dispatch-note.pdf`),
    );
    const opened = context.waitForEvent('page');
    await shipmentRow(page).getByRole('button', { name: 'Sevk İrsaliyesi' }).click();
    const pdf = await served;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const note = await opened;
    await note.waitForURL(/^blob:/);
    await note.waitForTimeout(1500);
    await note.screenshot({ path: `${SCREENSHOT_DIR}/loading-dispatch-note.png` });
    await note.close();
    await signOutThroughUi(page);

    // --- order manager: every item delivered, the order is completed ---
    await signInThroughUi(page, baseUrl, MANAGER.userName, MANAGER.password);
    await openMenu(page, 'Siparişler', 'Siparişler');
    await page.getByLabel('Sipariş No').fill(String(orderNumber));
    await page.getByRole('combobox', { name: 'Durum' }).click({ force: true });
    await page.getByRole('option', { name: 'Tümü' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Ara', exact: true }).click();
    const card = page
      .getByTestId('order')
      .filter({ has: page.getByText(`Sipariş ${orderNumber}`, { exact: true }) });
    await card.locator('button[aria-expanded]').first().click();
    await expect
      .poll(() => card.getByTestId('item-status').first().textContent())
      .toBe('Alıcıya Teslim Edildi');
    await card.getByRole('button', { name: 'Siparişi Tamamla' }).click();
    // Completing closes the order for good: it asks first.
    const completing = dialog(page, 'Siparişi Tamamla');
    expect(await completing.textContent()).toContain('tamamlandı olarak kapatılacak');
    await screenshot(page, 'loading-order-complete-confirm');
    await completing.getByRole('button', { name: 'Siparişi Tamamla' }).click();
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('Tamamlandı');
    await screenshotFromTop(page, 'loading-order-completed');
    await signOutThroughUi(page);
  });
});
