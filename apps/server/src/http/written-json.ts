/**
 * An answer the server wrote as JSON itself, in its declared shape, from rows whose every field it
 * wrote (decision 183): the serializer sends its text as it is instead of projecting and writing an
 * object tree. `toJSON` gives the same value as an object, for whatever reads it as one (the API tests'
 * answer check).
 */
export class WrittenJson<T> {
  declare readonly value?: T;

  /**
   * The answer's JSON text in its pieces, never joined: the serializer writes them into bytes one by
   * one (decision 186), as a few hundred kilobytes of text with Turkish letters cost milliseconds to
   * join into one string and encode again.
   */
  constructor(readonly pieces: readonly string[]) {}

  toJSON(): T {
    return JSON.parse(this.pieces.join('')) as T;
  }
}
