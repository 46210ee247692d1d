import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createItem } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let sales: string;
let cheese: { id: number };
let ayran: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
  cheese = await createItem(t, sales, { name: 'Beyaz Peynir' });
  ayran = await createItem(t, sales, {
    name: 'Ayran',
    packagingType: 'BOTTLE',
    packagingUnitType: 'LITERS',
    packagingUnitTypeAmount: 1,
  });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', payload: object, token = sales) =>
  t.call(token, { method, url: '/api/products', payload });
const get = (url: string, token = sales) => t.call(token, { method: 'GET', url: `/api${url}` });

describe('POST /products', () => {
  it('creates a product with the defaults of the product form and no bundle', async () => {
    const response = await send('POST', { name: 'Kahvaltılık Paket' });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      name: 'Kahvaltılık Paket',
      stockCode: null,
      barcode: null,
      price: 0,
      discount: 0,
      onlineListingAvailable: 1,
      truckShippingAvailable: 1,
      quantityInsideBox: 0,
      notes: '',
      productBundle: [],
      productItemIds: [],
    });
  });

  it('creates a bundle whose lines carry the item and its packaging labels', async () => {
    const response = await send('POST', {
      name: 'Peynir ve Ayran Kolisi',
      stockCode: 'SP-100',
      barcode: '8691000000100',
      price: 249.9,
      discount: 10,
      onlineListingAvailable: 0,
      truckShippingAvailable: true,
      quantityInsideBox: 12,
      productBundle: [
        { productItemId: cheese.id, quantity: 2 },
        { productItemId: ayran.id, quantity: 6 },
      ],
      productItemIds: [cheese.id, ayran.id],
    });
    expect(response.statusCode).toBe(200);
    const product = response.json.data;
    expect(product).toMatchObject({
      price: 249.9,
      discount: 10,
      onlineListingAvailable: 0,
      truckShippingAvailable: 1,
    });
    expect(product.productItemIds).toEqual([cheese.id, ayran.id]);
    expect(product.packagingGroups.sort()).toEqual(['1 LITERS', '1500 GRAM']);
    expect(product.productBundle[1]).toMatchObject({
      productItemId: ayran.id,
      quantity: 6,
      name: 'Ayran',
      packagingTypeDescription: { name: 'BOTTLE', label: 'Şişe' },
      packagingUnitTypeDescription: { name: 'LITERS', label: 'Lt' },
    });
  });

  it('takes productItemIds alone as one piece of each item', async () => {
    const response = await send('POST', { name: 'Tekli', productItemIds: [ayran.id] });
    expect(response.json.data.productBundle).toMatchObject([{ productItemId: ayran.id, quantity: 1 }]);
  });

  it("refuses an item twice in the bundle with the screen's message and writes nothing", async () => {
    const before = await countRows(t, 'products');
    const response = await send('POST', {
      name: 'Çift',
      productBundle: [
        { productItemId: cheese.id, quantity: 1 },
        { productItemId: cheese.id, quantity: 3 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toBe('Bu ürün zaten içindekiler listesinde mevcut.');
    expect(await countRows(t, 'products')).toBe(before);
  });

  it.each([
    ['no name', { productBundle: [] }, 'name'],
    ['a bundle quantity of 0', { name: 'X', productBundle: [{ productItemId: 1, quantity: 0 }] }, 'quantity'],
    ['a negative box size', { name: 'X', quantityInsideBox: -1 }, 'quantityInsideBox'],
    ['a negative price', { name: 'X', price: -5 }, 'price'],
    ['an online flag of 2', { name: 'X', onlineListingAvailable: 2 }, 'onlineListingAvailable'],
  ])('refuses %s with 400 naming the field', async (_label, body, field) => {
    const before = await countRows(t, 'products');
    const response = await send('POST', body);
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toMatch(new RegExp(`(^|\\.)${field}$`));
    expect(await countRows(t, 'products')).toBe(before);
  });

  it('refuses an unknown item in the bundle with 400', async () => {
    const response = await send('POST', {
      name: 'Hayalet',
      productBundle: [{ productItemId: 99_999, quantity: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toContain('#99999');
  });

  it('refuses a second product with the same stock code or barcode with 409', async () => {
    await send('POST', { name: 'İlk', stockCode: 'SP-DUP', barcode: 'BRK-DUP' });
    const sameCode = await send('POST', { name: 'İkinci', stockCode: 'SP-DUP' });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json.error.message).toBe("'SP-DUP' stok kodlu bir satış ürünü zaten kayıtlı.");
    const sameBarcode = await send('POST', { name: 'Üçüncü', barcode: 'BRK-DUP' });
    expect(sameBarcode.statusCode).toBe(409);
  });

  it('answers 401 without a token and 403 for a warehouse role', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/products' })).statusCode).toBe(401);
    const staff = await t.tokenWithRoles(['WAREHOUSE_STAFF']);
    expect((await send('POST', { name: 'Yetkisiz' }, staff)).statusCode).toBe(403);
  });
});

describe('PUT /products', () => {
  it('replaces the fields and the bundle', async () => {
    const created = (await send('POST', { name: 'Eski', productItemIds: [cheese.id] })).json.data;
    const response = await send('PUT', {
      id: created.id,
      name: 'Yeni',
      price: 10,
      productBundle: [{ productItemId: ayran.id, quantity: 4 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ id: created.id, name: 'Yeni', price: 10 });
    expect(response.json.data.productBundle).toMatchObject([{ productItemId: ayran.id, quantity: 4 }]);
  });

  it('answers 404 for an unknown product and 400 without an id', async () => {
    expect((await send('PUT', { id: 424_242, name: 'Yok' })).statusCode).toBe(404);
    expect((await send('PUT', { name: 'Kimliksiz' })).statusCode).toBe(400);
  });

  it('keeps the product when the bundle is refused', async () => {
    const created = (await send('POST', { name: 'Sabit', productItemIds: [cheese.id] })).json.data;
    const response = await send('PUT', {
      id: created.id,
      name: 'Değişmesin',
      productItemIds: [ayran.id, ayran.id],
    });
    expect(response.statusCode).toBe(400);
    const [kept] = (await get('/products')).json.data.filter((p: { id: number }) => p.id === created.id);
    expect(kept).toMatchObject({ name: 'Sabit', productItemIds: [cheese.id] });
  });
});

describe('the discount lies between 0 and the price (TL per piece)', () => {
  it('refuses a discount above the price on create and on update with 400 on discount, writing nothing', async () => {
    const before = await countRows(t, 'products');
    const created = await send('POST', { name: 'Bedava Olmasın', price: 10, discount: 50 });
    expect(created.statusCode).toBe(400);
    expect(created.json.error).toEqual({
      code: 'VALIDATION',
      field: 'discount',
      message: 'İndirim (adet başına ₺) fiyattan büyük olamaz.',
    });
    expect(await countRows(t, 'products')).toBe(before);

    const kept = (await send('POST', { name: 'Fiyatlı', price: 10, discount: 2 })).json.data;
    const updated = await send('PUT', { id: kept.id, name: 'Fiyatlı', price: 10, discount: 50 });
    expect(updated.statusCode).toBe(400);
    expect(updated.json.error).toMatchObject({ code: 'VALIDATION', field: 'discount' });
    // Without a price the price is 0, so any discount is above it.
    expect((await send('PUT', { id: kept.id, name: 'Fiyatlı', discount: 1 })).json.error.field).toBe(
      'discount',
    );
    const [stored] = (await get('/products')).json.data.filter((p: { id: number }) => p.id === kept.id);
    expect(stored).toMatchObject({ price: 10, discount: 2 });
  });

  it('takes a discount equal to the price (free) and a discount of 0', async () => {
    expect((await send('POST', { name: 'Promosyon', price: 10, discount: 10 })).statusCode).toBe(200);
    expect((await send('POST', { name: 'İndirimsiz', price: 10, discount: 0 })).statusCode).toBe(200);
  });
});

describe('GET /products and its companions', () => {
  it("filters by packaging group, 'ALL' meaning all", async () => {
    const all = (await get('/products?packagingGroup=ALL')).json.data;
    expect(all.length).toBe(await countRows(t, 'products'));
    const liters = (await get(`/products?packagingGroup=${encodeURIComponent('1 LITERS')}`)).json.data;
    expect(liters.length).toBeGreaterThan(0);
    expect(liters.every((p: { packagingGroups: string[] }) => p.packagingGroups.includes('1 LITERS'))).toBe(
      true,
    );
  });

  it('lists the packaging groups of bundled items', async () => {
    expect((await get('/products/packagingGroups')).json.data).toEqual(['1500 GRAM', '1 LITERS']);
  });

  it('lists item cards with labels for the bundle picker', async () => {
    const cards = (await get('/products/item-cards')).json.data;
    expect(cards).toContainEqual(
      expect.objectContaining({
        id: ayran.id,
        packagingUnitTypeDescription: { name: 'LITERS', label: 'Lt' },
      }),
    );
  });

  it('answers stock figures of zero for a product without stock, and 404 for an unknown product', async () => {
    const created = (
      await send('POST', { name: 'Stoklu', quantityInsideBox: 6, productItemIds: [cheese.id] })
    ).json.data;
    const response = await get(`/products/${created.id}/stocks`);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toEqual({
      id: created.id,
      name: 'Stoklu',
      stockCode: null,
      barcode: null,
      quantityInsideBox: 6,
      price: 0,
      discount: 0,
      warehouseStockCount: 0,
      expiredStockCount: 0,
      waitingInBasketStockCount: 0,
      waitingInOrderStockCount: 0,
      availableStockCount: 0,
      availableBoxCount: 0,
      // The cheese is also in two products made before: their baskets and orders use the same pieces.
      sharingProductCount: 2,
      // No warehouse holds any of it.
      warehouses: [],
    });
    expect((await get('/products/777777/stocks')).statusCode).toBe(404);
  });

  it('counts sellable products for the dashboard', async () => {
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const response = await get('/dashboard/listing-product-count', office);
    expect(response.json.data).toBe(await countRows(t, 'products'));
    expect((await get('/dashboard/listing-product-count')).statusCode).toBe(403);
  });

  it('opens the product list to the order manager too', async () => {
    const orders = await t.tokenWithRoles(['ORDER_MANAGER']);
    expect((await get('/products', orders)).statusCode).toBe(200);
  });

  it('opens the product list to every signed-in user, writes only to the managing privilege (decision 104)', async () => {
    const secretary = await t.tokenWithRoles(['SECRETARY']);
    const list = await get('/products', secretary);
    expect(list.statusCode).toBe(200);
    expect(list.json.data.length).toBe(await countRows(t, 'products'));
    expect((await get('/products/packagingGroups', secretary)).statusCode).toBe(200);
    expect((await send('POST', { name: 'Sekreterin ürünü' }, secretary)).statusCode).toBe(403);
    expect((await get('/products/item-cards', secretary)).statusCode).toBe(403);
  });
});
