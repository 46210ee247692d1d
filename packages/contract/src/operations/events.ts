import { HEARTBEAT_MS, RECONNECT_MS } from '../live-events.ts';
import { operation } from '../operation.ts';
import { ANY_ROLE } from '../roles.ts';

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

/** The signed-in user's live event stream (docs/architecture.md, "Live events"). */
export const streamLiveEvents = operation({
  operationId: 'streamLiveEvents',
  method: 'GET',
  path: '/events',
  tags: ['Canlı olaylar'],
  summary: 'Kullanıcının canlı olay akışı',
  description:
    'What changed, as it commits, for the screens to read again: one stream per browser, at most four per session and a configured number per user and per process.',
  access: ANY_ROLE,
  answer: {
    kind: 'stream',
    mediaType: 'text/event-stream',
    description: 'The open stream of events.',
    format: STREAM_FORMAT,
  },
});
