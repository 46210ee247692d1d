import { istanbulDate } from '@mandira/contract/istanbul-time';
import fc from 'fast-check';

/**
 * Bad requests for every operation of the OpenAPI document the app serves (issue 16): each field of a
 * body, a query or a path is, one at a time, replaced by values of the classes that once broke the
 * portal (NUL bytes, ids beyond 32 bits or not in plain decimal, far dates, infinite and unbounded
 * numbers, wrong types, deep nesting, overlong texts and lists), while every other field keeps a value
 * the schema accepts. Every such request must be refused with 400 and write nothing.
 */

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};

type Parameter = { in: 'query' | 'path'; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

export type Endpoint = {
  method: string;
  path: string;
  body?: JsonSchema;
  query: Parameter[];
  params: Parameter[];
  /** An answer that stays open (the live event stream): `app.inject` would wait for its end forever. */
  streams: boolean;
};

/** Values JSON cannot write as they are; the request text carries them raw. */
const RAW = { infinite: '\u0001raw:1e309', deep: '\u0001raw:deep' } as const;
const DEPTH = 5_000;
const RAW_TEXT: Record<string, string> = {
  [RAW.infinite]: '1e309',
  [RAW.deep]: `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`,
};

export type Location = 'body' | 'query' | 'path';
export type BadRequest = {
  method: string;
  url: string;
  payload?: string;
  /** Where the bad value went, for the failure message: `body stockChange[0].notes`. */
  target: string;
  location: Location;
};

export function endpointsOf(doc: OpenApi): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      body: operation.requestBody?.content?.['application/json']?.schema,
      query: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query'),
      params: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path'),
      streams: operation.responses?.['200']?.content?.['text/event-stream'] !== undefined,
    })),
  );
}

/** Whether an endpoint takes anything a client could get wrong. */
export const takesInput = (endpoint: Endpoint) =>
  endpoint.body !== undefined || endpoint.query.length > 0 || endpoint.params.length > 0;

const variants = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf ?? [];
const isDateField = (name: string) => /date|^from$|^to$/i.test(name);

/** Sample texts tried, in order, for a text field that carries a pattern. */
const PATTERNED = ['ORNEK_ROL', 'ornek', '2026-01-15', '2026-01-15T08:00', '34 ABC 12', '10000000146'];

/** A value the schema accepts, built from required fields only. */
export function validValue(schema: JsonSchema, name = ''): unknown {
  if (schema.enum) return schema.enum[0];
  const options = variants(schema).filter((option) => option.type !== 'null');
  if (options.length > 0) return validValue(options[0]!, name);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, validValue(schema.properties?.[key] ?? {}, key)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(schema.items ?? {}, name));
    case 'integer':
    case 'number': {
      const floor = (schema.minimum ?? 1) + (schema.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(floor, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return 'ornek@mandira.com.tr';
      // Today fits both rules: a planned date may not lie in the past, a delivery not in the future.
      if (isDateField(name)) return istanbulDate(new Date());
      const fits = (text: string) =>
        text.length >= (schema.minLength ?? 0) &&
        text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(text));
      return PATTERNED.find(fits) ?? 'ornek'.padEnd(schema.minLength ?? 0, 'k');
    }
    default:
      return undefined;
  }
}

/** Wrong types every field refuses, whatever it is. */
const WRONG_TYPES: Record<string, unknown[]> = {
  string: [12.5, true, {}, [], RAW.infinite, RAW.deep],
  number: ['sayı', true, {}, [], RAW.infinite, RAW.deep],
  integer: ['sayı', '0x10', '1e2', true, {}, RAW.infinite, RAW.deep, 1.5],
  boolean: ['evet', 2, {}, RAW.deep],
  array: ['liste', 7, {}, RAW.infinite],
  object: ['nesne', 7, [], RAW.infinite, RAW.deep],
};

/** The bad values of a field of a JSON body. */
export function badValues(schema: JsonSchema, name: string): unknown[] {
  const options = variants(schema);
  if (options.length > 0) return ['\u0000', { '\u0000': 1 }, RAW.infinite, RAW.deep];
  if (schema.enum) return ['OLMAYAN_DEGER', `${String(schema.enum[0])}\u0000`, 7, RAW.deep];
  const type = schema.type ?? '';
  const values = [...(WRONG_TYPES[type] ?? [])];
  if (type === 'string') {
    values.push('a\u0000b', '\u0000');
    if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1));
    if (isDateField(name)) values.push('9999-12-31', '0001-01-01', '2026-02-30', '9999-12-31T00:00');
  }
  if (type === 'integer' || type === 'number') {
    values.push(schema.maximum === undefined ? 1e20 : schema.maximum + 1);
    if (schema.minimum !== undefined) values.push(schema.minimum - (schema.exclusiveMinimum ? 0 : 1));
    if (type === 'integer') values.push(99_999_999_999, 2 ** 31);
  }
  if (type === 'array' && schema.maxItems !== undefined) {
    values.push(Array.from({ length: schema.maxItems + 1 }, () => validValue(schema.items ?? {}, name)));
  }
  return values;
}

/** The bad texts of a query or path parameter. */
export function badParameterTexts(parameter: Parameter): string[] {
  const { schema, name } = parameter;
  const texts = ['a\u0000b', '\u0000'];
  if (schema.type === 'integer' || schema.type === 'number') {
    texts.push('99999999999', '2147483648', '0x10', '1e2', '+1', '0', '-1', '1.5', 'abc', '1e309', ' 1');
  }
  if (schema.type === 'boolean') texts.push('belki', '2');
  if (schema.enum) texts.push('OLMAYAN_DEGER');
  if (schema.maxLength !== undefined) texts.push('x'.repeat(schema.maxLength + 1));
  if (isDateField(name)) texts.push('9999-12-31', '0001-01-01', '2026-02-30', '99999-01-01');
  return texts;
}

/** Every field of a body as a path, nested objects and the first element of lists included. */
export function fieldPaths(schema: JsonSchema, prefix: (string | number)[] = []): (string | number)[][] {
  if (schema.type === 'object' && schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, child]) => [
      [...prefix, key],
      ...fieldPaths(child, [...prefix, key]),
    ]);
  }
  if (schema.type === 'array' && schema.items) return fieldPaths(schema.items, [...prefix, 0]);
  return [];
}

export function schemaAt(schema: JsonSchema, path: (string | number)[]): JsonSchema {
  return path.reduce<JsonSchema>(
    (at, step) => (typeof step === 'number' ? (at.items ?? {}) : (at.properties?.[step] ?? {})),
    schema,
  );
}

/** A valid body with the value at the path replaced, the objects and lists on the way built valid. */
export function bodyWith(schema: JsonSchema, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  const base = (validValue(schema) ?? (typeof step === 'number' ? [] : {})) as Record<
    string | number,
    unknown
  >;
  const child = typeof step === 'number' ? (schema.items ?? {}) : (schema.properties?.[step!] ?? {});
  const copy = (Array.isArray(base) ? [...base] : { ...base }) as Record<string | number, unknown>;
  copy[step!] = bodyWith(child, rest, value);
  return copy;
}

export function requestText(body: unknown): string {
  let text = JSON.stringify(body) ?? 'null';
  for (const [token, raw] of Object.entries(RAW_TEXT)) text = text.replaceAll(JSON.stringify(token), raw);
  return text;
}

const pathWithParams = (endpoint: Endpoint, bad?: { name: string; text: string }) =>
  endpoint.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeURIComponent(bad && bad.name === name ? bad.text : String(validValue({ type: 'integer' }))),
  );

const validBody = (endpoint: Endpoint) =>
  endpoint.body ? requestText(validValue(endpoint.body)) : undefined;

const dotted = (path: (string | number)[]) =>
  path
    .map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`))
    .join('')
    .replace(/^\./, '');

/** Every class of bad value in every field of the endpoint, one field at a time. */
export function badRequestsOf(endpoint: Endpoint): BadRequest[] {
  const requests: BadRequest[] = [];
  const { method, body } = endpoint;
  if (body) {
    const url = `/api${pathWithParams(endpoint)}`;
    for (const value of WRONG_TYPES.object!) {
      requests.push({ method, url, payload: requestText(value), target: 'body', location: 'body' });
    }
    for (const path of fieldPaths(body)) {
      const name = String(path.filter((step) => typeof step === 'string').at(-1));
      for (const value of badValues(schemaAt(body, path), name)) {
        const payload = requestText(bodyWith(body, path, value));
        requests.push({ method, url, payload, target: `body ${dotted(path)}`, location: 'body' });
      }
    }
  }
  for (const parameter of endpoint.query) {
    for (const text of badParameterTexts(parameter)) {
      requests.push({
        method,
        url: `/api${pathWithParams(endpoint)}?${parameter.name}=${encodeURIComponent(text)}`,
        payload: validBody(endpoint),
        target: `query ${parameter.name}=${JSON.stringify(text).slice(0, 40)}`,
        location: 'query',
      });
    }
  }
  for (const parameter of endpoint.params) {
    for (const text of badParameterTexts(parameter)) {
      requests.push({
        method,
        url: `/api${pathWithParams(endpoint, { name: parameter.name, text })}`,
        payload: validBody(endpoint),
        target: `path ${parameter.name}=${JSON.stringify(text).slice(0, 40)}`,
        location: 'path',
      });
    }
  }
  return requests;
}

const nulText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
  .map(([before, after]) => `${before}\u0000${after}`);
const hugeId = fc.bigInt({ min: 2n ** 31n, max: 10n ** 30n }).map(String);
const farDay = fc
  .oneof(fc.integer({ min: 2101, max: 275_000 }), fc.integer({ min: 0, max: 1999 }))
  .map((year) => `${String(year).padStart(4, '0')}-01-01`);

/** Random members of the classes that suit a parameter: a NUL anywhere, ids beyond 32 bits, far days. */
function randomParameterText(parameter: Parameter): fc.Arbitrary<string> {
  if (parameter.schema.type === 'integer') return fc.oneof(nulText, hugeId);
  if (isDateField(parameter.name)) return fc.oneof(nulText, farDay);
  return nulText;
}

/** A few more requests per endpoint, drawn at random from the same classes. */
export function randomBadRequest(endpoint: Endpoint): fc.Arbitrary<BadRequest> | undefined {
  const { method, body } = endpoint;
  const choices: fc.Arbitrary<BadRequest>[] = [...endpoint.query, ...endpoint.params].map((parameter) =>
    randomParameterText(parameter).map((text) => {
      const inPath = parameter.in === 'path';
      const path = pathWithParams(endpoint, inPath ? { name: parameter.name, text } : undefined);
      const query = inPath ? '' : `?${parameter.name}=${encodeURIComponent(text)}`;
      return {
        method,
        url: `/api${path}${query}`,
        payload: validBody(endpoint),
        target: `${parameter.in} ${parameter.name}=${JSON.stringify(text).slice(0, 40)}`,
        location: inPath ? 'path' : 'query',
      } satisfies BadRequest;
    }),
  );
  if (body) {
    for (const path of fieldPaths(body)) {
      const type = schemaAt(body, path).type;
      if (type !== 'string' && type !== 'integer') continue;
      const value = type === 'string' ? nulText : hugeId.map(Number);
      choices.push(
        value.map((bad) => ({
          method,
          url: `/api${pathWithParams(endpoint)}`,
          payload: requestText(bodyWith(body, path, bad)),
          target: `body ${dotted(path)}=${JSON.stringify(bad).slice(0, 40)}`,
          location: 'body',
        })),
      );
    }
  }
  return choices.length > 0 ? fc.oneof(...choices) : undefined;
}

/** Half of a surrogate pair; JSON.stringify writes it as the escape `\ud800`, as a client would. */
export const LONE_SURROGATE_TEXT = 'a\ud800b';

/** Escapes that do not decode: a byte that is no UTF-8, a lone surrogate's UTF-8 bytes, a cut escape. */
export const MALFORMED_ESCAPES = ['%FF', '%ED%A0%80', '%E2%82', 'a%'];

const takesText = (schema: JsonSchema) =>
  schema.type === 'string' || variants(schema).some((option) => option.type === 'string');

/**
 * Issue 22: a lone surrogate in every text field of the body, one at a time, and every query and path
 * parameter written with escapes that do not decode, or (a path parameter) far beyond 100 characters.
 */
export function surrogateAndUrlRequestsOf(endpoint: Endpoint): BadRequest[] {
  const requests: BadRequest[] = [];
  const { method, body } = endpoint;
  const url = `/api${pathWithParams(endpoint)}`;
  if (body) {
    for (const path of fieldPaths(body)) {
      if (!takesText(schemaAt(body, path))) continue;
      const payload = requestText(bodyWith(body, path, LONE_SURROGATE_TEXT));
      requests.push({ method, url, payload, target: `body ${dotted(path)}`, location: 'body' });
    }
  }
  for (const parameter of endpoint.query) {
    for (const malformed of MALFORMED_ESCAPES) {
      requests.push({
        method,
        url: `${url}?${parameter.name}=${malformed}`,
        payload: validBody(endpoint),
        target: `query ${parameter.name}=${malformed}`,
        location: 'query',
      });
    }
  }
  for (const parameter of endpoint.params) {
    for (const text of [...MALFORMED_ESCAPES, '1'.repeat(120), 'x'.repeat(5000)]) {
      const path = endpoint.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
        name === parameter.name ? text : String(validValue({ type: 'integer' })),
      );
      requests.push({
        method,
        url: `/api${path}`,
        payload: validBody(endpoint),
        target: `path ${parameter.name}=${text.slice(0, 20)}`,
        location: 'path',
      });
    }
  }
  return requests;
}
