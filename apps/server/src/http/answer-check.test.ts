import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerViolations, checkAnswersAgainstDocument, forgetDocument } from '../../test/answer-check.ts';
import { answers, declareCommonAnswers } from './answers.ts';
import { API_DOCUMENT } from './api-document.ts';
import { ok } from './envelope.ts';

/** The hook the API tests run under: what it lets through and what it reports. */
async function appAnswering(data: unknown, status = 200) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, API_DOCUMENT);
  declareCommonAnswers(app);
  checkAnswersAgainstDocument(app);
  const Row = z.object({ id: z.number().int(), day: z.iso.date().nullable() });
  app.get(
    '/api/rows/:id',
    {
      schema: {
        summary: 'Bir satır',
        operationId: 'getRow',
        params: z.object({ id: z.string() }),
        response: answers(Row, 404),
      },
      config: { access: 'PUBLIC' },
    },
    async (_request, reply) => reply.status(status).send(ok(data) as never),
  );
  await app.ready();
  return app;
}

// These apps serve a document of their own, not the portal's.
beforeEach(forgetDocument);
afterEach(() => {
  answerViolations.splice(0);
  forgetDocument();
});

describe('the answer check of the API tests', () => {
  it('lets a declared answer through', async () => {
    const app = await appAnswering({ id: 1, day: '2026-11-24' });
    expect((await app.inject({ method: 'GET', url: '/api/rows/1' })).statusCode).toBe(200);
    expect(answerViolations).toEqual([]);
  });

  it('reports a field the document does not declare, before the serializer drops it', async () => {
    const app = await appAnswering({ id: 1, day: null, secret: 'x' });
    await app.inject({ method: 'GET', url: '/api/rows/1' });
    expect(answerViolations.join()).toMatch(/GET \/rows\/\{id\} 200 does not match.*additional properties/);
  });

  it('reports a value of the wrong type or format', async () => {
    const app = await appAnswering({ id: 1, day: '24.11.2026' });
    await app.inject({ method: 'GET', url: '/api/rows/1' });
    expect(answerViolations.join()).toMatch(/answer\/data\/day must match format "date"/);
  });

  it('reports a status the operation does not declare', async () => {
    const app = await appAnswering({ id: 1, day: null }, 418);
    await app.inject({ method: 'GET', url: '/api/rows/1' });
    expect(answerViolations.join()).toMatch(/answered 418, which it does not declare/);
  });
});
