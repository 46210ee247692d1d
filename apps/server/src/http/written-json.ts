/**
 * An answer the server wrote as JSON text itself, in its declared shape, from rows whose every field it
 * wrote (decision 183): the serializer sends the text as it is instead of projecting and writing an
 * object tree. `toJSON` gives the same value as an object, for whatever reads it as one (the API tests'
 * answer check).
 */
export class WrittenJson<T> {
  declare readonly value?: T;

  constructor(readonly json: string) {}

  toJSON(): T {
    return JSON.parse(this.json) as T;
  }
}
