import http from 'node:http';
import type { Socket } from 'node:net';
import { fail } from './envelope.ts';

/** Requests Node cannot parse never reach a route; their answer is still the Turkish envelope. */
const ANSWERS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'İstek zamanında tamamlanmadı.' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'İstek adresi veya başlıkları çok uzun.' },
};
const MALFORMED = { status: 400, message: 'İstek okunamadı.' };

/** Fastify's `clientErrorHandler`: the same cases as its default, worded in Turkish. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection is gone already; there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify(fail({ message, code: 'VALIDATION' }));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
