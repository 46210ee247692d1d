import { readFile } from 'node:fs/promises';
import { OPERATIONS } from '@mandira/contract/operations/index';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from '../../test/api-client/render-types.ts';
import { API_DOCUMENT_FILE, renderApiDocument } from '../start/api-document.ts';
import { API_TAGS } from './api-document.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

/** What an integrator builds on: the document as served, also kept in docs/openapi.json. */
describe('the API document', async () => {
  const served = await renderApiDocument();
  const document = JSON.parse(served) as Document;
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

  it('is the one kept in docs/openapi.json, with the client types generated from it (npm run openapi)', async () => {
    expect(served).toBe(await readFile(API_DOCUMENT_FILE, 'utf8'));
    expect(await renderApiTypes(served)).toBe(await readFile(API_TYPES_FILE, 'utf8'));
  });

  it('serves exactly the operations the contract declares, each once (decision 180)', () => {
    const declared = OPERATIONS.flatMap((operation) =>
      [operation.method].flat().map((method) => `${method} ${operation.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(new Set(declared).size).toBe(declared.length);
    expect(operations.map(({ name }) => name).sort()).toEqual(declared.sort());
  });

  it('holds only /api operations, each with a unique operationId, a summary and declared tags', () => {
    expect(operations.length).toBeGreaterThan(120);
    expect(Object.keys(document.paths)).not.toContain('/');
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const declaredTags = new Set<string>(API_TAGS.map((tag) => tag.name));
    for (const { name, operation } of operations) {
      expect(operation.summary, name).toBeTruthy();
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(declaredTags.has(tag), `${name}: ${tag}`).toBe(true);
    }
  });

  it('declares the success answer of every operation, and the error envelope for its errors', () => {
    const undeclared = operations.filter(({ operation }) => !operation.responses['200']?.content);
    expect(undeclared.map(({ name }) => name)).toEqual([]);
    for (const { name, operation } of operations) {
      expect(operation.responses['200']?.description, name).not.toBe('Default Response');
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (status.startsWith('2')) continue;
        expect(answer.content?.['application/json'], `${name} ${status}`).toBeTruthy();
      }
      expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(['500', '503']));
    }
  });

  it('asks for the auth-token on every operation but sign-in and the public system calls', () => {
    const open = operations
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ name }) => name);
    expect(open.sort()).toEqual(
      [
        'GET /actuator/health',
        'GET /actuator/health/liveness',
        'GET /actuator/health/readiness',
        'GET /actuator/info',
        'POST /user-access/sign-in',
      ].sort(),
    );
  });
});
