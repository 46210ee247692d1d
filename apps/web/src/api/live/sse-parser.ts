/** One message of a `text/event-stream`: its `event:` name ('message' when none) and its `data:`. */
export type SseMessage = { event: string; data: string };

export type SseParser = {
  /** The next piece of the stream, as decoded text: a line or a message may end in a later piece. */
  feed: (chunk: string) => void;
};

/**
 * Reads the event-stream format by the WHATWG rules the browser's EventSource follows: lines end with
 * LF, CRLF or CR; a blank line ends a message; `data:` lines join with LF; a line starting with `:` is
 * a comment (the server's heartbeat). Hand-written rather than a dependency: the stream is read with
 * fetch, as EventSource cannot send the `auth-token` header (docs/decisions/0129-one-live-stream-per-browser-invalidation-by-topic.md).
 */
export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  let buffer = '';
  // A CR ending one piece may be the first half of a CRLF in the next: its LF is no second line end.
  let afterCr = false;
  let event = '';
  let data: string[] = [];

  function line(text: string): void {
    if (text === '') {
      if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    // `id` and `retry` are not needed: a reconnect refetches everything, on the client's own schedule.
  }

  return {
    feed(chunk) {
      let text = chunk;
      if (afterCr && text.startsWith('\n')) text = text.slice(1);
      afterCr = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, i));
        if (char === '\r') {
          if (i + 1 === buffer.length) afterCr = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}
