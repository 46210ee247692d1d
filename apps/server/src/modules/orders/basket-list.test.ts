import type { Basket, BasketPage } from '@mandira/contract/baskets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer } from '../../../test/builders/buyer-test-data.ts';
import {
  addToBasket,
  type OrderWorld,
  orderWorld,
  stockedProduct,
} from '../../../test/builders/order-test-data.ts';

let w: OrderWorld;
/** Buyer titles of the five filled baskets, in the order the list gives them (a letter each, so no collation decides). */
const titles = [
  'Sepetsıra A Akın Gıda',
  'Sepetsıra B Büyük Market',
  'Sepetsıra C Çınar Süt',
  'Sepetsıra D Işık Şarküteri',
  'Sepetsıra E İnci Bakkal',
];
const ids: number[] = [];

beforeAll(async () => {
  w = await orderWorld();
  const admin = await w.t.adminToken();
  const productId = await stockedProduct(w, 600);
  // Made out of order, so the list's order is its own; the last buyer's basket stays empty.
  for (const title of [...titles].reverse()) {
    const made = await createBuyer(w.t, admin, { title });
    ids.unshift(made.id);
    await addToBasket(w, made.id, productId, 1);
  }
  await createBuyer(w.t, admin, { title: 'Sepetsıra Boş Sepet' });
});
afterAll(() => w.close());

const listed = async (url: string) => {
  const response = await w.call('GET', url);
  expect(response.statusCode).toBe(200);
  return response.json.data;
};
const titlesOf = (baskets: Basket[]) => baskets.map((basket) => basket.buyer.title);

describe('the baskets list (GET /admin/baskets)', () => {
  it('unpaged answers a plain array of every basket holding a line, by buyer title', async () => {
    const all = (await listed('/admin/baskets')) as Basket[];
    expect(Array.isArray(all)).toBe(true);
    expect(titlesOf(all).filter((title) => title.startsWith('Sepetsıra'))).toEqual(titles);
    expect(all.every((basket) => basket.basketItems.length > 0)).toBe(true);
  });

  it('pages in buyer-title order with the count, a short last page and an empty page past the end', async () => {
    const first = (await listed('/admin/baskets?q=sepetsıra&page=1&size=2')) as BasketPage;
    expect(first).toMatchObject({ page: 1, size: 2, count: 5, totalPages: 3 });
    expect(titlesOf(first.baskets)).toEqual(titles.slice(0, 2));
    expect(first.baskets[0]!.basketItems).toHaveLength(1);
    const second = (await listed('/admin/baskets?q=sepetsıra&page=2&size=2')) as BasketPage;
    expect(titlesOf(second.baskets)).toEqual(titles.slice(2, 4));
    const last = (await listed('/admin/baskets?q=sepetsıra&page=3&size=2')) as BasketPage;
    expect(titlesOf(last.baskets)).toEqual(titles.slice(4));
    const past = (await listed('/admin/baskets?q=sepetsıra&page=9&size=2')) as BasketPage;
    expect(past).toMatchObject({ baskets: [], count: 5, totalPages: 3 });
    // `size` alone pages from the first page.
    expect(await listed('/admin/baskets?q=sepetsıra&size=4')).toMatchObject({
      page: 1,
      count: 5,
      totalPages: 2,
    });
  });

  it('finds buyers the Turkish way and filters on one buyer', async () => {
    // 'ışık' finds 'Işık', 'inci' finds 'İnci': the Turkish pairs of I.
    expect(titlesOf(((await listed('/admin/baskets?q=ışık&page=1')) as BasketPage).baskets)).toEqual([
      titles[3],
    ]);
    expect(titlesOf(((await listed('/admin/baskets?q=İNCİ&page=1')) as BasketPage).baskets)).toEqual([
      titles[4],
    ]);
    expect(titlesOf((await listed('/admin/baskets?q=%25')) as Basket[])).toEqual([]);
    const one = (await listed(`/admin/baskets?buyerId=${ids[2]}&page=1&size=1`)) as BasketPage;
    expect(one).toMatchObject({ count: 1, totalPages: 1 });
    expect(one.baskets[0]!.buyerId).toBe(ids[2]);
  });

  it('refuses a bad page or size with 400 in Turkish', async () => {
    for (const [url, message] of [
      ['/admin/baskets?page=0&size=10', 'Sayfa 1 veya daha büyük bir tam sayı olmalıdır.'],
      ['/admin/baskets?page=1&size=101', 'Sayfa boyutu en fazla 100 olabilir.'],
      ['/admin/baskets?page=abc', 'Sayfa 1 veya daha büyük bir tam sayı olmalıdır.'],
      ['/admin/baskets?buyerId=-1&page=1', 'Geçerli bir müşteri seçiniz.'],
    ] as const) {
      const response = await w.call('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json.error.message, url).toContain(message);
    }
  });
});
