import { ANY_ROLE } from '@mandira/contract/roles';
import type { FastifyInstance } from 'fastify';
import { streamAnswers } from '../../http/answers.ts';
import { AUTH_HEADER, actorOf } from '../../http/auth.ts';
import { KernelSendQueues } from './kernel-send-queues.ts';
import { HEARTBEAT_MS, type LiveHub, RECONNECT_MS } from './live-hub.ts';
import { socketSink } from './socket-sink.ts';

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
  'closes the stream on sign-out and when its session expires (looking at the session does not keep it',
  'alive), when a fifth stream of the same session, a stream past the per-user or per-process cap opens',
  '(the oldest closes), and when it stops. A client that falls behind (too many bytes unacknowledged, or',
  'a burst too large) gets its events replaced by one `resync` once it caught up; one that stays behind',
  '(it stopped reading) is cut after a `retry` hint. The client connects again and refetches on `resync`.',
].join(' ');

/** GET /events: the signed-in user's live event stream (docs/architecture.md, "Live events"). */
export function liveEventRoutes({ hub }: { hub: LiveHub }) {
  const sendQueues = new KernelSendQueues();
  return async (app: FastifyInstance) => {
    app.get(
      '/events',
      {
        schema: {
          tags: ['Canlı olaylar'],
          summary: 'Kullanıcının canlı olay akışı',
          description:
            'What changed, as it commits, for the screens to read again: one stream per browser, at most four per session and a configured number per user and per process.',
          operationId: 'streamLiveEvents',
          response: streamAnswers('text/event-stream', 'The open stream of events.', STREAM_FORMAT),
        },
        config: { access: ANY_ROLE, slidesSession: false },
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
        const close = hub.open(token, actor, socketSink(raw, sendQueues));
        raw.on('close', close);
      },
    );
  };
}
