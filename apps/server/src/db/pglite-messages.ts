/**
 * What the server's thread and the embedded database's thread say to each other (decision 182). Only
 * plain data crosses: rows as PGlite parsed them, and an error as the fields the services read
 * (`code`, `constraint`, `detail`…), since a thrown error loses its own properties on the way.
 */

/** A statement's options as they can cross: a parser can only say "leave this type as its text". */
export type CrossingOptions = {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values stay as PostgreSQL wrote them (drizzle's parsers for dates and intervals). */
  textTypes?: number[];
  paramTypes?: number[];
};

export type ToDatabase = { id: number } & (
  | { kind: 'query'; sql: string; params: unknown[]; options: CrossingOptions; tx?: number }
  | { kind: 'exec'; sql: string; tx?: number }
  | { kind: 'begin' }
  | { kind: 'end'; tx: number; commit: boolean }
  | { kind: 'listen'; channel: string }
  | { kind: 'unlisten'; channel: string }
  | { kind: 'close' }
);

export type CrossingError = { message: string; name: string; fields: Record<string, string | number> };

export type FromDatabase =
  | { kind: 'ready' }
  | { kind: 'failed'; error: CrossingError }
  | { kind: 'notice'; channel: string; payload: string }
  | { kind: 'answer'; id: number; result: unknown }
  | { kind: 'refusal'; id: number; error: CrossingError };

/** An error as plain data: its message and name, and every own field that is a string or a number. */
export function crossingError(error: unknown): CrossingError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}
