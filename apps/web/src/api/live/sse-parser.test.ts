import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser.ts';

function parse(chunks: readonly string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = createSseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.feed(chunk);
  return messages;
}

const STREAM =
  'retry: 3000\n\nevent: resync\ndata: {}\n\n: ping\n\ndata: {"topic":"orders","type":"order.changed","id":7}\n\n';

describe('createSseParser', () => {
  it('reads the retry, the resync, a heartbeat and an event as the server sends them', () => {
    expect(parse([STREAM])).toEqual([
      { event: 'resync', data: '{}' },
      { event: 'message', data: '{"topic":"orders","type":"order.changed","id":7}' },
    ]);
  });

  it('gives the same messages however the stream is cut into pieces', () => {
    const whole = parse([STREAM]);
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < STREAM.length; i += size) chunks.push(STREAM.slice(i, i + size));
      expect(parse(chunks)).toEqual(whole);
    }
    for (let cut = 0; cut <= STREAM.length; cut++) {
      expect(parse([STREAM.slice(0, cut), STREAM.slice(cut)])).toEqual(whole);
    }
  });

  it('keeps a message whose end has not arrived until it does', () => {
    const messages: SseMessage[] = [];
    const parser = createSseParser((message) => messages.push(message));
    parser.feed('data: {"topic":"stock"');
    parser.feed(',"type":"stock.changed","id":null}\n');
    expect(messages).toEqual([]);
    parser.feed('\n');
    expect(messages).toEqual([
      { event: 'message', data: '{"topic":"stock","type":"stock.changed","id":null}' },
    ]);
  });

  it('ends lines at CRLF and CR too, a CRLF split between pieces counting once', () => {
    expect(parse(['event: resync\r', '\ndata: {}\r', '\n\r', '\ndata: a\rdata: b\r\r'])).toEqual([
      { event: 'resync', data: '{}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('joins data lines, takes a value without its one leading space, and skips empty messages', () => {
    expect(parse(['data:x\ndata:  y\n\nevent: resync\n\n: only a comment\n\n'])).toEqual([
      { event: 'message', data: 'x\n y' },
    ]);
  });
});
