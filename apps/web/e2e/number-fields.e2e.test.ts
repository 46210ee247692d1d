import type { AccountingTransaction } from '@mandira/contract/accounting';
import type { Buyer } from '@mandira/contract/buyers';
import { toIstanbulIso } from '@mandira/contract/istanbul-time';
import type { MilkDelivery } from '@mandira/contract/milk';
import type { ProductItem } from '@mandira/contract/products';
import type { Product } from '@mandira/contract/sellable-products';
import type { Shipment } from '@mandira/contract/shipments';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { type BrowserSession, openBrowser, screenshot } from './browser.ts';
import {
  ApiSeeder,
  buyerWithBranch,
  createShipment,
  itemPath,
  KILO_AND_A_HALF,
  loadOntoTruck,
  milkDelivery,
  placedOrder,
  productItemBody,
  stockedProduct,
} from './seed.ts';
import { SCREENSHOT_DIR, UI_TIMEOUT_MS } from './settings.ts';
import {
  dialog,
  fillLot,
  openMenu,
  signInThroughUi,
  signOutThroughUi,
  tableRow,
  turkishDayFromToday,
} from './ui.ts';
import { LAPTOP } from './viewport.ts';

const baseUrl = inject('baseUrl');
const FINANCE = { userName: 'sayi.finans', password: 'sayi-finans-1234' };
const MILK = { userName: 'sayi.sut', password: 'sayi-sut-1234' };
const STOCK = { userName: 'sayi.depo', password: 'sayi-depo-1234' };
const OFFICE = { userName: 'sayi.ofis', password: 'sayi-ofis-1234' };
const SALES = { userName: 'sayi.satis', password: 'sayi-satis-1234' };

// 1,5 kg packs: out of the 1500 g group, whose products the order suite counts on this shared server.
const PAID = { code: 'SAY-8301', name: 'Bayramiç Beyaz Peynir 1,5 kg', price: 185.5 };
const PRICED = { code: 'SAY-8302', name: 'Trakya Kaşarı 1,5 kg', price: 185.5 };
const WEIGHED = { code: 'SAY-8303', name: 'Erzincan Tulum Peyniri 1,5 kg', price: 210 };
const STOCKED = { code: 'SAY-8304', name: 'Kaymaklı Yoğurt 1,5 kg' };
const MILK_PLATE = '17 SAY 204';
const SHIPMENT_CODE = 'SVK-E2E-SAY-01';

/**
 * Types over a field as a clerk does: select all, Backspace, then the new text key by key. The field
 * must be empty after the Backspace, not back at its old value.
 */
async function typeOver(field: Locator, text: string) {
  await field.click();
  await field.press('Control+A');
  await field.press('Backspace');
  expect(await field.inputValue()).toBe('');
  await field.pressSequentially(text);
  expect(await field.inputValue()).toBe(text);
}

/** Sends a shipment through its steps up to the weighbridge, with one order of `product` on it. */
async function shipmentAtWeighbridge(seeder: ApiSeeder): Promise<Shipment> {
  const { buyer, branch } = await buyerWithBranch(
    seeder,
    { code: 'E2E-SAY3', title: 'Biga Kahvaltı Evi', name: 'Canan', surname: 'Öz' },
    { code: 'BIGA', title: 'Biga Şubesi', latitude: 40.2283, longitude: 27.2422 },
  );
  const product = await stockedProduct(seeder, WEIGHED, 48);
  const order = await placedOrder(
    seeder,
    { buyerId: buyer.id, productId: product.id, boxes: 8 },
    { buyerBranch: branch.id, buyerRequestReferenceCode: 'BGA-77' },
    'warehouse',
  );
  const item = itemPath(order);

  const vehicle = await seeder.createVehicle({
    licencePlateCode: '17 SAY 301',
    capacityInTons: 10,
    palletCapacity: 14,
  });
  const driver = await seeder.createDriver({ name: 'Serkan', surname: 'Uçar' });
  const shipment = await createShipment(seeder, {
    shipmentCode: SHIPMENT_CODE,
    vehicleId: vehicle.id,
    driverId: driver.id,
    toWarehouseId: branch.id,
  });
  await seeder.shipmentActions(shipment.id, 'PREPARE_TO_LOAD');
  await seeder.call('PUT', `/shipments/status/loading/${shipment.id}`);
  for (const action of ['PREPARING', 'PREPARED_WAITING_FOR_LOADING', 'LOADING']) {
    await seeder.call('PUT', `${item}?action=${action}`);
  }
  await loadOntoTruck(seeder, order, shipment.id, 48);
  await seeder.call('PUT', `${item}?action=LOADED_TO_TRUCK_FROM_WAREHOUSE`);
  await seeder.call('PUT', `/shipments/${shipment.id}/accept-loads`, {
    orderItemIds: [order.orderItems[0]!.id],
  });
  await seeder.shipmentActions(shipment.id, 'START_LOAD_CHECK', 'FINISH_LOAD_CHECK', 'START_WEIGHT_CHECK');
  return shipment;
}

describe('number fields keep what is typed over them, and the server stores that', () => {
  let browser: BrowserSession;
  let seeder: ApiSeeder;
  let paidBuyer: Buyer;
  let pricedProductId: number;
  let stockedItem: ProductItem;
  let milkVehicleId: number;
  let shipment: Shipment;

  beforeAll(async () => {
    seeder = await ApiSeeder.asAdmin(baseUrl);
    const person = { name: 'Deniz', surname: 'Sayar' };
    await seeder.createUser({ ...FINANCE, ...person, roles: ['FINANCE_ADMIN'] });
    await seeder.createUser({ ...MILK, ...person, roles: ['ORDER_MANAGER'] });
    await seeder.createUser({ ...STOCK, ...person, roles: ['WAREHOUSE_STAFF'] });
    await seeder.createUser({ ...OFFICE, ...person, roles: ['BACKOFFICE_ADMIN'] });
    await seeder.createUser({ ...SALES, ...person, roles: ['SALES_ADMIN'] });

    // An order of 2 boxes of 6 at ₺185,50: ₺2.226,00 open.
    paidBuyer = await seeder.createBuyer({
      code: 'E2E-SAY1',
      title: 'Lapseki Şarküteri',
      name: 'Onur',
      surname: 'Kaya',
    });
    const paidProduct = await stockedProduct(seeder, PAID, 60);
    await placedOrder(
      seeder,
      { buyerId: paidBuyer.id, productId: paidProduct.id, boxes: 2 },
      { buyerRequestReferenceCode: 'LPS-12' },
    );

    pricedProductId = (await stockedProduct(seeder, PRICED, 6)).id;
    stockedItem = await seeder.createProductItem(
      productItemBody(STOCKED.code, STOCKED.name, KILO_AND_A_HALF),
    );

    // A delivery of 0 litres of cow milk and 300 of sheep milk, to be corrected.
    ({ milkVehicleId } = await milkDelivery(
      seeder,
      { plate: MILK_PLATE, driver: { name: 'Yusuf', surname: 'Ekin' } },
      {
        deliveredCowMilkVolume: 0,
        deliveredSheepMilkVolume: 300,
        deliveredGoatMilkVolume: 0,
        deliveryDateTime: toIstanbulIso(new Date()).slice(0, 16),
      },
    ));

    shipment = await shipmentAtWeighbridge(seeder);
    browser = await openBrowser();
    await browser.page.setViewportSize(LAPTOP);
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function signIn(user: { userName: string; password: string }, failure: string) {
    const { page } = browser;
    onTestFailed(async () => {
      await page.screenshot({ path: `${SCREENSHOT_DIR}/${failure}.png`, fullPage: true });
    });
    await signInThroughUi(page, baseUrl, user.userName, user.password);
    return page;
  }

  it('payment amount: emptied it is required, retyped it is paid as typed and shown with two decimals', async () => {
    const page = await signIn(FINANCE, 'number-fields-payment-failed');
    await page.goto(`${baseUrl}/musteri-finans-yonetimi?buyerId=${paidBuyer.id}`);
    await tableRow(page, 'Yeni Sipariş').getByRole('button', { name: 'Öde' }).click();
    const pay = dialog(page, 'Sipariş Ödemesi');
    const amount = pay.getByRole('textbox', { name: 'Tutar' });
    await expect.poll(() => amount.inputValue()).toBe('2.226,00');

    // Focus selects the amount: one Backspace empties it instead of leaving '2.226,0'.
    await amount.click();
    await amount.press('Backspace');
    expect(await amount.inputValue()).toBe('');
    await pay.getByRole('textbox', { name: 'Logo Fatura No' }).fill('SAY-ODEME-1');
    expect(await amount.inputValue()).toBe('');
    await pay.getByRole('button', { name: 'Ödemeyi Kaydet' }).click();
    await pay.getByText('Bu alan zorunludur.').waitFor();
    await screenshot(page, 'number-fields-payment-required');

    await typeOver(amount, '1000,5');
    await amount.press('Tab');
    expect(await amount.inputValue()).toBe('1.000,50');
    await pay.getByRole('button', { name: 'Ödemeyi Kaydet' }).click();
    await pay.waitFor({ state: 'hidden' });
    const rows = await seeder.call<AccountingTransaction[]>(
      'GET',
      `/accounting/transactions?buyerId=${paidBuyer.id}`,
    );
    expect(rows.filter((row) => row.logoInvoiceId === 'SAY-ODEME-1').map((row) => row.amount)).toEqual([
      1000.5,
    ]);
    await signOutThroughUi(page);
  });

  it('milk litres: a 0 is replaced by what is typed, a prefilled amount by what is typed over it', async () => {
    const page = await signIn(MILK, 'number-fields-milk-failed');
    await openMenu(page, 'Süt Teslimatı Girişi', 'Süt Teslimatı Girişi');
    const row = tableRow(page.getByTestId('milk-deliveries'), MILK_PLATE);
    await row.getByRole('button', { name: 'Düzenle' }).click();
    const edit = dialog(page, 'Teslimatı Düzenle');
    const cow = edit.getByLabel('İnek Sütü (L)');
    const sheep = edit.getByLabel('Koyun Sütü (L)');
    await expect.poll(() => cow.inputValue()).toBe('0');
    expect(await sheep.inputValue()).toBe('300');

    // A tap on the 0 and 1250: 1250, not '01250'.
    await cow.click();
    await page.keyboard.type('1250');
    expect(await cow.inputValue()).toBe('1250');
    await typeOver(sheep, '12.5');
    await sheep.press('Tab');
    expect(await sheep.inputValue()).toBe('12,5');
    expect(await cow.inputValue()).toBe('1.250');
    await screenshot(page, 'number-fields-milk');
    await edit.getByRole('button', { name: 'Kaydet' }).click();
    await edit.waitFor({ state: 'hidden' });
    const [stored] = await seeder.call<MilkDelivery[]>(
      'GET',
      `/production/milk-delivery/deliveries?milkVehicleId=${milkVehicleId}`,
    );
    expect([stored!.deliveredCowMilkVolume, stored!.deliveredSheepMilkVolume]).toEqual([1250, 12.5]);
    await signOutThroughUi(page);
  });

  it('goods quantity (Mal Giriş): a retyped quantity is entered, with its dot read as thousands', async () => {
    const page = await signIn(STOCK, 'number-fields-goods-in-failed');
    await page.getByTestId('menu-entry').filter({ hasText: 'Mal Giriş Çıkış' }).first().click();
    await page.waitForURL('**/mal-giris-cikis-yonetimi');
    await page.getByRole('textbox', { name: 'Ara' }).fill(STOCKED.code.toLocaleLowerCase('tr-TR'));
    await tableRow(page, STOCKED.code).getByRole('button', { name: 'Mal Giriş' }).click();
    const goodsIn = dialog(page, `Mal Giriş: ${STOCKED.code} - ${STOCKED.name}`);
    const depo1 = goodsIn.getByLabel('Depo-1 giriş miktarı');
    await depo1.fill('120');
    await depo1.press('Tab');
    expect(await depo1.inputValue()).toBe('120');
    await typeOver(depo1, '1.250');
    await goodsIn.getByRole('button', { name: 'Üretimden Mal Girişi' }).click();
    // A food item's goods-in names its lot (decision 154).
    await fillLot(goodsIn, 'Depo-1', 'NF-8304', turkishDayFromToday(30));
    await screenshot(page, 'number-fields-goods-in');
    await goodsIn.getByRole('button', { name: 'Uygula' }).click();
    await goodsIn.waitFor({ state: 'hidden' });
    const item = await seeder.call<ProductItem>('GET', `/product-item/${stockedItem.id}`);
    expect(item.stocks.find((line) => line.wareHouse.name === 'DEPO1')!.quantity).toBe(1250);
    await signOutThroughUi(page);
  });

  it('weighbridge weight: a retyped weight with a decimal point is stored as typed', async () => {
    const page = await signIn(OFFICE, 'number-fields-weighbridge-failed');
    await openMenu(page, 'Sevkiyat Yönetimi', 'Sevkiyat Yönetimi');
    // The row's menu: a live update that arrives as it opens redraws the row and closes it; open it again.
    const step = page.getByRole('menuitem', { name: 'Kantardan Çıkar' });
    await expect
      .poll(
        async () => {
          await tableRow(page, SHIPMENT_CODE).getByRole('button', { name: 'İşlemler' }).click();
          return step.waitFor({ timeout: 3000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: UI_TIMEOUT_MS },
      )
      .toBe(true);
    await step.click();
    const weigh = dialog(page, 'Kantar Tartımı');
    // The weight is the modal's first number field, whatever its label says.
    const tons = weigh.getByRole('textbox').first();
    await tons.fill('5');
    await tons.press('Tab');
    await typeOver(tons, '0.074');
    await tons.press('Tab');
    expect(await tons.inputValue()).toBe('0,074');
    await screenshot(page, 'number-fields-weighbridge');
    await weigh.getByRole('button', { name: 'Kantardan Çıkar' }).click();
    await weigh.waitFor({ state: 'hidden' });
    await expect
      .poll(
        async () =>
          (
            await seeder.call<Shipment[]>(
              'GET',
              '/shipments/filter-by-status?status=LOAD_WEIGHT_CHECK_COMPLETED',
            )
          ).find((one) => one.id === shipment.id)?.loadedWeightInTons,
        { timeout: UI_TIMEOUT_MS },
      )
      .toBe(0.074);
    await signOutThroughUi(page);
  });

  it('product price: a retyped price is saved as typed and shown with two decimals', async () => {
    const page = await signIn(SALES, 'number-fields-price-failed');
    await openMenu(page, 'Satılabilir Ürünler', 'Satılabilir Ürün Listesi');
    await tableRow(page, PRICED.name).getByRole('button', { name: 'Düzenle' }).click();
    const form = dialog(page, 'Satış Ürününü Düzenle');
    const price = form.getByRole('textbox', { name: 'Fiyat (₺)' });
    await expect.poll(() => price.inputValue()).toBe('185,50');
    await typeOver(price, '1.512,7');
    await price.press('Tab');
    expect(await price.inputValue()).toBe('1.512,70');
    await screenshot(page, 'number-fields-price');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.waitFor({ state: 'hidden' });
    const products = await seeder.call<Product[]>('GET', '/products');
    expect(products.find((one) => one.id === pricedProductId)?.price).toBe(1512.7);
    await signOutThroughUi(page);
  });
});
