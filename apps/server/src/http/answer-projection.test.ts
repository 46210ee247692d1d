import { describe, expect, it } from 'vitest';
import { toJSONSchema, z } from 'zod';
import { projectionOf } from './answer-projection.ts';
import { answerSerializerCompiler } from './answer-serializer.ts';

/** What the server writes for `answer` declared as `schema`: the route's compiled serializer. */
function written(schema: z.ZodType, answer: unknown): unknown {
  const write = answerSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);
  return JSON.parse((write as (data: unknown) => string)(answer));
}

const Line = z.object({ warehouse: z.string(), quantity: z.number() });
const Item = z.object({
  id: z.number().int(),
  title: z.string(),
  note: z.string().nullable(),
  lines: z.array(Line),
  unit: z.object({ code: z.string() }).nullable(),
  placedAt: z.iso.datetime({ offset: true }),
});
const Page = z.object({ items: z.array(Item), page: z.number().int(), total: z.number().int() });
const Answer = z.object({ success: z.boolean(), data: z.union([z.array(Item), Page]) });

const item = {
  id: 7,
  title: 'Beyaz peynir',
  note: null,
  lines: [{ warehouse: 'DEPO1', quantity: 1512.7 }],
  unit: { code: 'KG' },
  placedAt: '2026-11-24T09:30:00+03:00',
};

describe('an answer written through its declared schema', () => {
  it('writes a declared answer exactly as it is', () => {
    expect(written(Answer, { success: true, data: [item] })).toEqual({ success: true, data: [item] });
  });

  it('leaves out every field the schema does not declare, at every depth', () => {
    const leaky = {
      success: true,
      passwordHash: 'x',
      data: [
        {
          ...item,
          internalCost: 12,
          lines: [{ warehouse: 'DEPO1', quantity: 3, stockLineSecret: 1 }],
          unit: { code: 'KG', createdBy: 4 },
        },
      ],
    };
    const answer = written(Answer, leaky) as { data: Record<string, unknown>[] };
    expect(answer).toEqual({
      success: true,
      data: [{ ...item, lines: [{ warehouse: 'DEPO1', quantity: 3 }], unit: { code: 'KG' } }],
    });
  });

  it('writes a list answered as an array or as a page by its own shape', () => {
    const page = { items: [{ ...item, extra: 1 }], page: 2, total: 51, extra: true };
    expect(written(Answer, { success: true, data: page })).toEqual({
      success: true,
      data: { items: [item], page: 2, total: 51 },
    });
  });

  it('writes null where the schema allows it and leaves out an optional field that is missing', () => {
    const Optional = z.object({ a: z.string().optional(), b: z.number().nullable() });
    expect(written(Optional, { b: null })).toEqual({ b: null });
  });

  it('writes numbers and dates of the driver as the declared types', () => {
    const Figures = z.object({
      amount: z.number(),
      count: z.number().int(),
      label: z.string(),
      day: z.iso.date(),
      at: z.iso.datetime(),
    });
    const at = new Date('2026-11-24T06:30:00.000Z');
    expect(written(Figures, { amount: '1512.70', count: '3', label: 12, day: at, at })).toEqual({
      amount: 1512.7,
      count: 3,
      label: '12',
      day: '2026-11-24',
      at: '2026-11-24T06:30:00.000Z',
    });
  });

  it('writes a record by its value schema and a coordinate pair as it is', () => {
    const Shape = z.object({
      byWarehouse: z.record(z.string(), Line),
      route: z.array(z.tuple([z.number(), z.number()])),
    });
    const route = [
      [41.01, 28.97],
      [39.93, 32.85],
    ];
    expect(
      written(Shape, { byWarehouse: { DEPO1: { warehouse: 'DEPO1', quantity: 2, hidden: 1 } }, route }),
    ).toEqual({ byWarehouse: { DEPO1: { warehouse: 'DEPO1', quantity: 2 } }, route });
  });

  it('follows a schema that refers to itself', () => {
    type Node = { name: string; children: Node[] };
    const Tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) }));
    const json = toJSONSchema(Tree, { target: 'draft-7', io: 'output', cycles: 'ref' });
    const project = projectionOf(json as never);
    const tree = { name: 'a', x: 1, children: [{ name: 'b', y: 2, children: [] }] };
    expect(project(tree)).toEqual({ name: 'a', children: [{ name: 'b', children: [] }] });
  });
});
