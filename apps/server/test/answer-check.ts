import type { ValidateFunction } from 'ajv';
import Ajv from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every answer the API tests receive is checked against the served OpenAPI document, as an integrator's
 * response validator would: its status must be declared for the operation, and its JSON body must
 * match the declared schema (before serialization, so a field the schema does not declare is caught
 * rather than silently dropped). What does not conform is collected here and fails the test that
 * caused it (test/setup.ts).
 */
export const answerViolations: string[] = [];

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

const checkers = new WeakMap<FastifyInstance, (request: FastifyRequest) => OperationCheck | undefined>();
type OperationCheck = {
  name: string;
  operation: Operation;
  pointer: string;
  ajv: Ajv;
};

let shared: { document: Document; ajv: Ajv } | undefined;

/** Forgets the document read: for a test whose app serves another one. */
export function forgetDocument(): void {
  shared = undefined;
}

function compiledDocument(app: FastifyInstance): { document: Document; ajv: Ajv } {
  const document = app.swagger() as unknown as Document;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as object, 'api');
  return { document, ajv };
}

/** `/api/orders/:id` → the document's `/orders/{id}`. */
const documentPath = (url: string) => url.replace(/^\/api/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function operationOf(app: FastifyInstance) {
  let cached: ((request: FastifyRequest) => OperationCheck | undefined) | undefined = checkers.get(app);
  if (cached) return cached;
  // Every app of the tests serves the same document: it is read and compiled once per process.
  shared ??= compiledDocument(app);
  const { document, ajv } = shared;
  cached = (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/')) return undefined;
    const path = documentPath(url);
    const method = request.method.toLowerCase();
    const operation = document.paths[path]?.[method];
    if (!operation) return undefined;
    return {
      name: `${request.method} ${path}`,
      operation,
      pointer: `api#/paths/${escapePointer(path)}/${method}`,
      ajv,
    };
  };
  checkers.set(app, cached);
  return cached;
}

const validators = new Map<string, ValidateFunction>();

function validatorFor(check: OperationCheck, status: number): ValidateFunction | undefined {
  const content = check.operation.responses?.[status]?.content?.['application/json'];
  if (!content?.schema) return undefined;
  const key = `${check.pointer}/responses/${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = check.ajv.getSchema(`${key}/content/application~1json/schema`);
    if (!validate) throw new Error(`no schema at ${key}`);
    validators.set(key, validate);
  }
  return validate;
}

/** Adds the checks to an app, for `buildApp({ watchAnswers })`. */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const check = operationOf(request.server)(request);
    // An operation that declares no answers yet is left to the document test.
    if (!check?.operation.responses || !hasDeclaredAnswers(check.operation)) return payload;
    const status = reply.statusCode;
    if (!check.operation.responses[status]) {
      answerViolations.push(`${check.name} answered ${status}, which it does not declare`);
      return payload;
    }
    const validate = validatorFor(check, status);
    if (!validate) {
      answerViolations.push(`${check.name} ${status} declares no JSON body but answered one`);
    } else if (!validate(JSON.parse(JSON.stringify(payload)))) {
      answerViolations.push(
        `${check.name} ${status} does not match the document: ${check.ajv.errorsText(validate.errors, { dataVar: 'answer' })}`,
      );
    }
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const check = operationOf(request.server)(request);
    if (!check?.operation.responses || !hasDeclaredAnswers(check.operation)) return payload;
    const status = reply.statusCode;
    const declared = check.operation.responses[status];
    if (!declared) {
      if (!answerViolations.some((v) => v.startsWith(`${check.name} answered ${status}`))) {
        answerViolations.push(`${check.name} answered ${status}, which it does not declare`);
      }
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0];
    if (type && declared.content && !declared.content[type]) {
      answerViolations.push(
        `${check.name} ${status} answered ${type}, declared ${Object.keys(declared.content)}`,
      );
    }
    return payload;
  });
}

/** Whether the operation declares its success answer's content (not only the generated default). */
function hasDeclaredAnswers(operation: Operation): boolean {
  return Object.entries(operation.responses ?? {}).some(
    ([status, answer]) => status.startsWith('2') && answer.content !== undefined,
  );
}
