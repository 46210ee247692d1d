import type { ApiError } from '@mandira/contract/envelope';
import type { FastifyReply } from 'fastify';

export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export function fail(error: ApiError): { success: false; error: ApiError } {
  return { success: false, error };
}

/** An answer already serialized (by SnapshotCache) goes out as it is. */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
