/**
 * `JSON.stringify`'s text of a value as UTF-8 bytes, written a piece at a time so that a list's answer
 * is never one long string (decision 186).
 *
 * V8 builds `JSON.stringify`'s text in parts and joins them the first time the text is read (by the
 * compression, or to count its bytes). A text of more than 64k characters holding a Turkish letter is
 * stored two bytes a character, so joined it passes 128 kB and lands in V8's large-object space: fresh
 * pages the kernel maps for each answer and unmaps after. A page of 50 orders or shipments took 38–60
 * page faults that way, which cost 0.5–1 ms of the server's time on a machine whose faults are dear.
 * Here the arrays and objects of the top levels (the envelope, a page, its rows) are written part by
 * part and each row by its own `JSON.stringify`, into a buffer this process keeps: the same bytes
 * with none of those faults.
 */

/** Levels written part by part: the envelope, its data (a list or a page), a page's list of rows. */
const SPLIT_DEPTH = 3;
/** Text gathered before it is encoded into the buffer: small enough to stay out of the large-object space. */
const FLUSH_CHARACTERS = 32_768;
/** The kept buffer's first size, and the most it keeps between answers (an unpaged export may pass it). */
const FIRST_BYTES = 256 * 1024;
const KEPT_BYTES = 4 * 1024 * 1024;
/** UTF-8 takes at most three bytes for a JavaScript character (a surrogate pair: four for two). */
const MAX_BYTES_PER_CHARACTER = 3;

let kept = Buffer.allocUnsafeSlow(FIRST_BYTES);

/** Gathers text and encodes it into the kept buffer; one answer at a time (writing is synchronous). */
class ByteSink {
  private text = '';
  private length = 0;

  add(piece: string): void {
    this.text += piece;
    if (this.text.length >= FLUSH_CHARACTERS) this.flush();
  }

  /**
   * A short answer's text as it is; a long one's bytes in a buffer of their own (the kept one is written
   * over by the next answer).
   */
  finish(): string | Buffer {
    if (this.length === 0) return this.text;
    this.flush();
    const bytes = Buffer.allocUnsafe(this.length);
    kept.copy(bytes, 0, 0, this.length);
    if (kept.length > KEPT_BYTES) kept = Buffer.allocUnsafeSlow(FIRST_BYTES);
    return bytes;
  }

  private flush(): void {
    const needed = this.length + this.text.length * MAX_BYTES_PER_CHARACTER;
    if (needed > kept.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(needed, kept.length * 2));
      kept.copy(grown, 0, 0, this.length);
      kept = grown;
    }
    this.length += kept.write(this.text, this.length, 'utf8');
    this.text = '';
  }
}

/** Whether `value` is written part by part here: an array or a plain object, with no toJSON of its own. */
function writtenInParts(value: unknown, depth: number): value is object {
  if (depth <= 0 || value === null || typeof value !== 'object') return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function write(sink: ByteSink, value: object, depth: number): void {
  if (Array.isArray(value)) {
    // A list's rows are written whole: one call per row, not per field.
    sink.add('[');
    for (let index = 0; index < value.length; index++) {
      if (index > 0) sink.add(',');
      // As JSON.stringify writes an element it cannot: undefined, a function or a symbol is null.
      sink.add(JSON.stringify(value[index]) ?? 'null');
    }
    sink.add(']');
    return;
  }
  sink.add('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const field: unknown = (value as Record<string, unknown>)[key];
    const inParts = writtenInParts(field, depth - 1);
    const text = inParts ? '' : JSON.stringify(field);
    // As JSON.stringify leaves out a field it cannot write.
    if (!inParts && text === undefined) continue;
    sink.add(first ? '' : ',');
    first = false;
    sink.add(JSON.stringify(key));
    sink.add(':');
    if (inParts) write(sink, field as object, depth - 1);
    else sink.add(text);
  }
  sink.add('}');
}

/**
 * `JSON.stringify(value)` (undefined written as null): its text when it is short, its UTF-8 bytes
 * otherwise, written without its whole text.
 */
export function jsonBytes(value: unknown): string | Buffer {
  const sink = new ByteSink();
  if (writtenInParts(value, SPLIT_DEPTH)) write(sink, value, SPLIT_DEPTH);
  else sink.add(JSON.stringify(value) ?? 'null');
  return sink.finish();
}

/**
 * Text already written as JSON, in its pieces, between `before` and `after`: their text joined when
 * short, their UTF-8 bytes otherwise.
 */
export function piecesBytes(pieces: readonly string[], before = '', after = ''): string | Buffer {
  const sink = new ByteSink();
  sink.add(before);
  for (const piece of pieces) sink.add(piece);
  sink.add(after);
  return sink.finish();
}
