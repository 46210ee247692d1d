import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PRODUCT } from '../product.ts';

/** Every tag an operation may carry, declared once with what it groups (the document's sections). */
export const API_TAGS = [
  { name: 'Sistem', description: 'Version and health checks; public.' },
  { name: 'Erişim ve kullanıcılar', description: 'Sign-in, sessions, users, the menu and the page check.' },
  { name: 'Roller ve yetkiler', description: 'Roles and the privileges they grant.' },
  { name: 'Depolanabilir ürünler', description: 'Stockable items (product items) and their stock lines.' },
  { name: 'Ürün onayı', description: 'Items waiting for approval, from the ERP.' },
  { name: 'Satılabilir ürünler', description: 'Sellable products and the items each box holds.' },
  {
    name: 'Barkod okuma',
    description: 'Scanned codes (EAN, GTIN, GS1-128, GS1 DataMatrix, stock codes) resolved to the item.',
  },
  { name: 'Stok', description: 'Own warehouses, goods in and out, counts and stock history.' },
  { name: 'Müşteriler', description: 'Buyers, their delivery warehouses and the buyer approval queue.' },
  { name: 'Sepetler', description: "A buyer's basket before it becomes an order." },
  { name: 'Siparişler', description: 'Orders and their items: placing, search, review and the steps.' },
  { name: 'Depo ve yükleme', description: 'The warehouse steps and loading order items onto shipments.' },
  {
    name: 'Sevkiyatlar',
    description: 'Shipments, their steps, the weighbridge, contents and dispatch notes.',
  },
  {
    name: 'Araçlar ve sürücüler',
    description: 'Order vehicles and drivers, and vehicle planning on orders.',
  },
  { name: 'Müşteri finans', description: "A buyer's account: summary, transactions, payments, statement." },
  { name: 'Süt toplama', description: 'Milk vehicles, their drivers and the daily milk deliveries.' },
  { name: 'İşlem geçmişi', description: 'The audit trail: who changed what, newest first; read only.' },
  { name: 'Ana sayfa', description: "Each role's work waiting on its screens, for the home screen's cards." },
  { name: 'Canlı olaylar', description: "What changed, as it commits: the signed-in user's event stream." },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

const API_PREFIX = '/api/';

/**
 * The OpenAPI document served at `/api/docs/json` and written to `docs/openapi.json`: only `/api`
 * operations, public ones without the auth-token requirement, schemas shared by `$ref`.
 */
export const API_DOCUMENT: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT.name} API`,
      version: PRODUCT.version,
      description:
        'Every answer is an envelope: `{ success: true, data }`, or `{ success: false, error: { message, code, field? } }` ' +
        'with the HTTP status of its code. Messages are Turkish, for the user. Money is in Turkish lira as a JSON ' +
        'number with two decimals; pieces and boxes are integers; `date` strings are Istanbul days (YYYY-MM-DD), ' +
        '`date-time` strings ISO 8601 with offset.',
      license: { name: 'Proprietary', url: 'https://example.invalid/license' },
    },
    servers: [{ url: '/api' }],
    tags: [...API_TAGS],
    components: { securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'auth-token' } } },
    security: [{ authToken: [] }],
  },
  hideUntagged: false,
  transform: (document) => {
    const transformed = jsonSchemaTransform(document);
    if (!document.url.startsWith(API_PREFIX)) return { ...transformed, schema: { hide: true } };
    const access = (document.route?.config as { access?: unknown } | undefined)?.access;
    if (access === 'PUBLIC') transformed.schema = { ...transformed.schema, security: [] };
    return transformed;
  },
  transformObject: (documentObject) =>
    withoutUnusedSchemas(withUniqueOperationIds(jsonSchemaTransformObject(documentObject))),
};

type Paths = Record<string, Record<string, { operationId?: string }>>;

/**
 * A route registered for two methods (the stock calls take POST and PUT alike) declares one
 * operationId; each method after the first gets its own by the method's name (`importStock`,
 * `importStockPut`), so every operation stays unique for generated clients.
 */
function withUniqueOperationIds<T extends { paths?: unknown }>(document: T): T {
  const seen = new Set<string>();
  for (const methods of Object.values((document.paths ?? {}) as Paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const id = operation.operationId;
      if (!id) continue;
      // The methods of one route share one operation object: the renamed one gets its own copy.
      const unique = seen.has(id) ? `${id}${method[0]!.toUpperCase()}${method.slice(1)}` : id;
      if (unique !== id) methods[method] = { ...operation, operationId: unique };
      seen.add(unique);
    }
  }
  return document;
}

type Components = { components?: { schemas?: Record<string, unknown> } };

/**
 * Named schemas are registered for requests and answers alike, so each answer schema also gets an
 * `…Input` twin that no operation uses; the document keeps only the schemas something refers to.
 */
function withoutUnusedSchemas<T extends object>(document: T): T {
  const schemas = (document as Components).components?.schemas;
  if (!schemas) return document;
  for (let removed = true; removed; ) {
    removed = false;
    const text = JSON.stringify({
      ...document,
      components: { ...(document as Components).components, schemas: {} },
    });
    const inSchemas = JSON.stringify(schemas);
    for (const name of Object.keys(schemas)) {
      const ref = `"#/components/schemas/${name}"`;
      const others = inSchemas.split(ref).length - 1 - (JSON.stringify(schemas[name]).split(ref).length - 1);
      if (!text.includes(ref) && others === 0) {
        delete schemas[name];
        removed = true;
      }
    }
  }
  // By name, so the document does not depend on the order the contract's modules were first loaded in.
  (document as Components).components!.schemas = Object.fromEntries(
    Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return document;
}
