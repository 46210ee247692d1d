/**
 * An answer the server wrote as JSON itself, in its declared shape, from rows whose every field it
 * wrote (decision 183): the serializer sends its bytes as they are instead of projecting and writing an
 * object tree. `toJSON` gives the same value as an object, for whatever reads it as one (the API tests'
 * answer check).
 */
export class WrittenJson<T> {
  declare readonly value?: T;

  /** The answer's JSON, UTF-8. */
  readonly bytes: Buffer;

  /**
   * The JSON text in its pieces, written into one buffer: on Node 20 a few hundred kilobytes of text
   * with Turkish letters cost milliseconds to join into one string and encode again, where writing the
   * pieces into a buffer of their summed length costs a fraction of that.
   */
  constructor(pieces: readonly string[]) {
    let length = 0;
    for (const piece of pieces) length += Buffer.byteLength(piece);
    const bytes = Buffer.allocUnsafe(length);
    let at = 0;
    for (const piece of pieces) at += bytes.write(piece, at);
    this.bytes = bytes;
  }

  toJSON(): T {
    return JSON.parse(this.bytes.toString('utf8')) as T;
  }
}
