import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createItem, itemBody } from '../../../test/builders/product-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
});
afterAll(() => t.close());

const post = (payload: object, token = sales) =>
  t.call(token, { method: 'POST', url: '/api/product-item', payload });
const put = (payload: object, token = sales) =>
  t.call(token, { method: 'PUT', url: '/api/product-item', payload });
const get = (url: string, token = sales) => t.call(token, { method: 'GET', url: `/api${url}` });

describe('POST /product-item', () => {
  it('defines an item and answers it with its packaging group and an empty line in every warehouse', async () => {
    const body = itemBody({ name: 'Tam Yağlı Beyaz Peynir', notes: 'Teneke yerine vakum' });
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      ...body,
      id: expect.any(Number),
      packagingGroup: '1500 GRAM',
      frozen: false,
      totalStockQuantity: 0,
      boxQuantity: 0,
    });
    expect(
      response.json.data.stocks.map((line: { wareHouse: { name: string }; quantity: number }) => [
        line.wareHouse.name,
        line.quantity,
      ]),
    ).toEqual([
      ['DEPO1', 0],
      ['DEPO2', 0],
      ['DEPO3', 0],
      ['DEPO4', 0],
    ]);
  });

  it('keeps a fractional amount without trailing zeros in the packaging group', async () => {
    const response = await post(itemBody({ packagingUnitType: 'KILOGRAM', packagingUnitTypeAmount: 0.5 }));
    expect(response.json.data.packagingGroup).toBe('0.5 KILOGRAM');
    expect(response.json.data.packagingUnitTypeAmount).toBe(0.5);
  });

  it.each([
    'name',
    'stockCode',
    'barcode',
    'packagingType',
    'warehouseStockType',
    'packagingUnitType',
    'packagingUnitTypeAmount',
    'width',
    'length',
    'height',
  ])('refuses an item without %s with 400 naming the field, and writes nothing', async (field) => {
    const before = await countRows(t, 'product_items');
    const body: Record<string, unknown> = itemBody();
    delete body[field];
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json.error.code).toBe('VALIDATION');
    expect(response.json.error.field).toBe(field);
    expect(response.json.error.message).toMatch(/ zorunludur\.$/);
    expect(await countRows(t, 'product_items')).toBe(before);
  });

  it.each([
    ['an unknown packaging type', { packagingType: 'KAVANOZ' }, 'packagingType'],
    ['an unknown unit', { packagingUnitType: 'POUND' }, 'packagingUnitType'],
    ['an unknown stock type', { warehouseStockType: 'FOOD' }, 'warehouseStockType'],
    ['a zero amount', { packagingUnitTypeAmount: 0 }, 'packagingUnitTypeAmount'],
    ['a negative width', { width: -1 }, 'width'],
    ['a blank name', { name: '   ' }, 'name'],
    ['an amount sent as text', { packagingUnitTypeAmount: 'çok' }, 'packagingUnitTypeAmount'],
  ])('refuses %s with 400', async (_label, override, field) => {
    const response = await post({ ...itemBody(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toBe(field);
    expect(response.json.error.message).not.toContain(field);
  });

  it('refuses a second item with the same stock code with 409 in Turkish', async () => {
    const first = await createItem(t, sales);
    const before = await countRows(t, 'product_items');
    const response = await post(itemBody({ stockCode: first.stockCode }));
    expect(response.statusCode).toBe(409);
    expect(response.json.error).toEqual({
      message: `'${first.stockCode}' stok kodlu bir ürün zaten kayıtlı.`,
      code: 'DUPLICATE',
    });
    expect(await countRows(t, 'product_items')).toBe(before);
  });

  it('refuses a second item with the same barcode with 409', async () => {
    const first = await createItem(t, sales);
    const response = await post(itemBody({ barcode: first.barcode }));
    expect(response.statusCode).toBe(409);
    expect(response.json.error.message).toBe(`'${first.barcode}' barkodlu bir ürün zaten kayıtlı.`);
  });

  it('answers two simultaneous creations of one stock code with one item and one 409', async () => {
    const body = itemBody();
    const answers = await Promise.all([post(body), post({ ...body, barcode: `${body.barcode}9` })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('answers 401 without a token and 403 for a role without the privilege', async () => {
    const anonymous = await t.call(undefined, {
      method: 'POST',
      url: '/api/product-item',
      payload: itemBody(),
    });
    expect(anonymous.statusCode).toBe(401);
    const orders = await t.tokenWithRoles(['ORDER_MANAGER']);
    const response = await post(itemBody(), orders);
    expect(response.statusCode).toBe(403);
    expect(response.json.error.code).toBe('FORBIDDEN');
  });
});

describe('PUT /product-item', () => {
  it('updates every field of an item that is not frozen, packaging included', async () => {
    const item = await createItem(t, sales);
    const body = itemBody({
      name: 'Kaşar Peyniri',
      packagingType: 'NYLON_PACKAGE',
      packagingUnitTypeAmount: 500,
    });
    const response = await put({ ...body, id: item.id });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ ...body, id: item.id, packagingGroup: '500 GRAM' });
    expect((await get(`/product-item/${item.id}`)).json.data.name).toBe('Kaşar Peyniri');
  });

  it('answers 404 for an unknown id', async () => {
    const response = await put({ ...itemBody(), id: 999_999 });
    expect(response.statusCode).toBe(404);
    expect(response.json.error.message).toBe('Ürün bulunamadı.');
  });

  it("refuses another item's barcode with 409 and keeps the item", async () => {
    const a = await createItem(t, sales);
    const b = await createItem(t, sales);
    const response = await put({ ...itemBody({ stockCode: b.stockCode, barcode: a.barcode }), id: b.id });
    expect(response.statusCode).toBe(409);
    expect((await get(`/product-item/${b.id}`)).json.data.barcode).toBe(b.barcode);
  });

  it('refuses a missing id with 400', async () => {
    expect((await put(itemBody())).statusCode).toBe(400);
  });
});

describe('the frozen rule', () => {
  async function frozenItem() {
    const item = await createItem(t, sales);
    const product = await t.call(sales, {
      method: 'POST',
      url: '/api/products',
      payload: { name: `Koli ${item.stockCode}`, productBundle: [{ productItemId: item.id, quantity: 2 }] },
    });
    expect(product.statusCode).toBe(200);
    return item;
  }

  it('marks an item in a sellable product as frozen', async () => {
    const item = await frozenItem();
    expect((await get(`/product-item/${item.id}`)).json.data.frozen).toBe(true);
  });

  it.each([
    ['packagingType', { packagingType: 'BOTTLE' }, 'Ambalaj tipi'],
    ['packagingUnitType', { packagingUnitType: 'KILOGRAM' }, 'Birim tipi'],
    ['packagingUnitTypeAmount', { packagingUnitTypeAmount: 750 }, 'Birim miktarı'],
  ])('refuses a change of %s of a frozen item with 409 and writes nothing', async (_f, change, label) => {
    const item = await frozenItem();
    const before = (await get(`/product-item/${item.id}`)).json.data;
    const response = await put({
      ...itemBody({ stockCode: item.stockCode, barcode: item.barcode }),
      ...change,
      id: item.id,
      name: 'Yeni ad',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json.error.code).toBe('CONFLICT');
    expect(response.json.error.message).toContain(label);
    expect((await get(`/product-item/${item.id}`)).json.data).toEqual(before);
  });

  it('still lets a frozen item change its name, codes, sizes and notes', async () => {
    const item = await frozenItem();
    const body = itemBody({ name: 'Eski Kaşar', width: 30, notes: 'raf ömrü 90 gün' });
    const response = await put({ ...body, id: item.id });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({ ...body, frozen: true });
  });
});

describe('GET /product-item', () => {
  it('filters by packaging group and stock type, an empty filter meaning all', async () => {
    const cheese = await createItem(t, sales, { packagingUnitType: 'GRAM', packagingUnitTypeAmount: 250 });
    const ayran = await createItem(t, sales, { packagingUnitType: 'LITERS', packagingUnitTypeAmount: 1 });
    const bags = await createItem(t, sales, {
      warehouseStockType: 'SUPPLIES',
      packagingUnitType: 'QUANTITY',
      packagingUnitTypeAmount: 100,
    });
    const ids = async (query: string) =>
      (await get(`/product-item${query}`)).json.data.map((item: { id: number }) => item.id) as number[];

    const all = await ids('');
    expect(all).toEqual(expect.arrayContaining([cheese.id, ayran.id, bags.id]));
    expect(await ids('?packagingGroup=&warehouseStockType=&warehouseName=')).toEqual(all);
    const liters = await ids(`?packagingGroup=${encodeURIComponent('1 LITERS')}`);
    expect(liters).toContain(ayran.id);
    expect(liters).not.toContain(cheese.id);
    const supplies = await ids('?packagingGroup=&warehouseStockType=SUPPLIES');
    expect(supplies).toEqual([bags.id]);
    expect(await ids('?warehouseStockType=FOODS&warehouseName=DEPO1')).not.toContain(bags.id);
  });

  it('refuses an unknown stock type filter with 400', async () => {
    expect((await get('/product-item?warehouseStockType=KUMAS')).statusCode).toBe(400);
  });

  it('answers one item by id, 404 for an unknown one and 400 for a non-number', async () => {
    const item = await createItem(t, sales);
    expect((await get(`/product-item/${item.id}`)).json.data.stockCode).toBe(item.stockCode);
    expect((await get('/product-item/987654')).statusCode).toBe(404);
    expect((await get('/product-item/abc')).statusCode).toBe(400);
  });

  it('lists the packaging groups in use and the warehouse stock types with labels', async () => {
    const groups = (await get('/product-item/packagingGroups')).json.data as string[];
    expect(groups).toEqual(expect.arrayContaining(['250 GRAM', '1500 GRAM', '1 LITERS']));
    expect(groups.indexOf('250 GRAM')).toBeLessThan(groups.indexOf('1500 GRAM'));
    expect((await get('/product-item/warehouseStockType')).json.data).toEqual([
      { name: 'FOODS', label: 'GIDA' },
      { name: 'SUPPLIES', label: 'SARF' },
    ]);
  });

  it('answers 401 and 403 as the other item routes', async () => {
    expect((await t.call(undefined, { method: 'GET', url: '/api/product-item' })).statusCode).toBe(401);
    // The item list is the product filter of the stock history every user reads (decision 104); the
    // other item routes stay with the stock screens.
    const orders = await t.tokenWithRoles(['ORDER_MANAGER', 'ACCOUNTING_MANAGER']);
    expect((await get('/product-item', orders)).statusCode).toBe(200);
    expect((await get('/product-item/packagingGroups', orders)).statusCode).toBe(403);
    expect((await post(itemBody(), orders)).statusCode).toBe(403);
    const warehouse = await t.tokenWithRoles(['WAREHOUSE_ADMIN']);
    expect((await get('/product-item', warehouse)).statusCode).toBe(200);
    expect((await post(itemBody(), warehouse)).statusCode).toBe(403);
  });
});

describe('GET /dashboard/product-item-count', () => {
  it('counts items for the back office and refuses sales staff', async () => {
    const office = await t.tokenWithRoles(['BACKOFFICE_ADMIN']);
    const response = await get('/dashboard/product-item-count', office);
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toBe(await countRows(t, 'product_items'));
    expect((await get('/dashboard/product-item-count')).statusCode).toBe(403);
  });
});

describe('GET /product-item/synchronize without an ERP', () => {
  it('answers 422 with a Turkish message naming ERP_SOURCE', async () => {
    const response = await get('/product-item/synchronize');
    expect(response.statusCode).toBe(422);
    expect(response.json.error.message).toContain('ERP_SOURCE');
  });
});
