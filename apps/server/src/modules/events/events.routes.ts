import type { ServerResponse } from 'node:http';
import { ANY_ROLE } from '@mandira/contract/roles';
import type { FastifyInstance } from 'fastify';
import { streamAnswers } from '../../http/answers.ts';
import { AUTH_HEADER, actorOf } from '../../http/auth.ts';
import { HEARTBEAT_MS, type LiveHub, RECONNECT_MS, type StreamSink } from './live-hub.ts';

const STREAM_FORMAT = [
  'Server-sent events, UTF-8. The stream opens with `retry: ' +
    RECONNECT_MS +
    '` and an `event: resync` with',
  '`data: {}`, sent again on every connection and whenever events may have been missed (the client',
  'refetches everything it shows). Each change is then a default message `data: <LiveEvent JSON>`,',
  'e.g. `data: {"topic":"orders","type":"order.changed","id":123,"status":"IN_REVIEW"}`, only of the',
  "topics the user's privileges read. A comment `: ping` comes every " +
    HEARTBEAT_MS / 1000 +
    ' s. The server',
  'closes the stream on sign-out, when a client reads too slowly, when a fifth stream of the same',
  'session opens, and when it stops; the client connects again and refetches on `resync`.',
].join(' ');

/** The HTTP answer as a stream's sink: written raw, past the compression and the answer serializer. */
function sinkOf(raw: ServerResponse): StreamSink {
  return {
    write: (text) => raw.write(text),
    pendingBytes: () => raw.writableLength,
    close: (abrupt) => (abrupt ? raw.destroy() : raw.end()),
  };
}

/** GET /events: the signed-in user's live event stream (docs/architecture.md, "Live events"). */
export function liveEventRoutes({ hub }: { hub: LiveHub }) {
  return async (app: FastifyInstance) => {
    app.get(
      '/events',
      {
        schema: {
          tags: ['Canlı olaylar'],
          summary: 'Kullanıcının canlı olay akışı',
          description:
            'What changed, as it commits, for the screens to read again: one stream per browser, at most four per session.',
          operationId: 'streamLiveEvents',
          response: streamAnswers('text/event-stream', 'The open stream of events.', STREAM_FORMAT),
        },
        config: { access: ANY_ROLE },
      },
      (request, reply) => {
        const actor = actorOf(request);
        const token = String(request.headers[AUTH_HEADER]);
        // The answer never ends by itself: it leaves Fastify's reply (no compression, no serializer,
        // no onSend hooks) and is written straight to the socket.
        reply.hijack();
        const raw = reply.raw;
        // The headers set so far (helmet's) go with it.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) raw.setHeader(name, typeof value === 'number' ? String(value) : value);
        }
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
        request.raw.socket.setNoDelay(true);
        const close = hub.open(token, actor, sinkOf(raw));
        raw.on('close', close);
      },
    );
  };
}
