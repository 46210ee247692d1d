import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake ERP answers the next requests. */
export type FakeErpMode = 'json' | 'slow' | 'garbage' | 'error' | 'hang-up';

/**
 * A small ERP on loopback for tests: serves `document` as JSON, or misbehaves as `mode` says.
 * `url` ends in `/erp`; the path is ignored so `{collection}` URLs work too.
 */
export async function startFakeErp(document: unknown = {}) {
  const state = { document, mode: 'json' as FakeErpMode, requests: 0 };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((request, response) => {
    state.requests += 1;
    switch (state.mode) {
      case 'slow':
        return; // never answers; the connector's timeout must end the wait
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' }).end('<html>bakımda</html>');
        return;
      case 'error':
        response.writeHead(503).end();
        return;
      case 'hang-up':
        request.socket.destroy();
        return;
      default:
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state.document));
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/erp`,
    state,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How an ERP can fail, and what the connector's Turkish message then says; each sync test walks them. */
export const ERP_FAILURES = [
  ['does not answer in time', 'slow', /saniye içinde yanıt vermedi/],
  ['answers garbage', 'garbage', /geçerli bir JSON değil/],
  ['answers with an HTTP error', 'error', /HTTP 503/],
  ['hangs up', 'hang-up', /ulaşılamadı/],
] as const satisfies readonly (readonly [string, FakeErpMode, RegExp])[];
