import * as operations from '@mandira/contract/operations/events';
import type { FastifyInstance } from 'fastify';
import { AUTH_HEADER, actorOf } from '../../http/auth.ts';
import { route } from '../../http/operation-route.ts';
import { KernelSendQueues } from './kernel-send-queues.ts';
import type { LiveHub } from './live-hub.ts';
import { socketSink } from './socket-sink.ts';

/** GET /events: the signed-in user's live event stream (docs/architecture.md, "Live events"). */
export function liveEventRoutes({ hub }: { hub: LiveHub }) {
  const sendQueues = new KernelSendQueues();
  return async (app: FastifyInstance) => {
    route(
      app,
      operations.streamLiveEvents,
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
      { slidesSession: false },
    );
  };
}
