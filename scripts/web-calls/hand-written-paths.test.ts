import { operation } from '@mandira/contract/operation';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handWrittenPaths } from './hand-written-paths.ts';

const declared = [
  operation({
    operationId: 'listBaskets',
    method: 'GET',
    path: '/admin/baskets',
    tags: [],
    summary: '',
    access: 'DASHBOARD',
    answer: z.number(),
  }),
  operation({
    operationId: 'cancelOrderItem',
    method: 'PUT',
    path: '/orders/:id/order-item/:itemId/cancel',
    tags: [],
    summary: '',
    access: 'DASHBOARD',
    answer: z.number(),
  }),
];

const idsIn = (source: string) => handWrittenPaths(source, declared).map((found) => found.operationId);

describe('the web check for API paths written by hand', () => {
  it('finds a declared path in quotes, with a query, under /api, or built in a template', () => {
    expect(idsIn("get('/admin/baskets')")).toEqual(['listBaskets']);
    expect(idsIn('get("/admin/baskets?page=1")')).toEqual(['listBaskets']);
    expect(idsIn("fetch('/api/admin/baskets')")).toEqual(['listBaskets']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source it reads holds a template
    expect(idsIn('put(`/orders/${id}/order-item/${itemId}/cancel`)')).toEqual(['cancelOrderItem']);
    expect(idsIn('put(`/orders/12/order-item/3/cancel`)')).toEqual(['cancelOrderItem']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source it reads holds a template
    expect(idsIn('const path = `/admin/baskets${queryString(query)}`;')).toEqual(['listBaskets']);
  });

  it('names the line of each', () => {
    expect(handWrittenPaths("a;\nb;\nget('/admin/baskets')", declared)[0]?.line).toBe(3);
  });

  it('leaves screen paths, other text and paths no operation answers alone', () => {
    expect(idsIn("navigate('/siparisler'); const x = 'admin/baskets'; '/admin';")).toEqual([]);
    expect(idsIn("'/orders/1/order-item/2/approve'; '/admin/basket'")).toEqual([]);
  });
});
