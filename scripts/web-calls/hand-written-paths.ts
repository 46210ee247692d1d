import type { Operation } from '@mandira/contract/operation';

/** A path the web wrote by hand where it should have called the operation (decision 180). */
export type HandWrittenPath = { line: number; text: string; operationId: string };

/** Stands for what a template's `${…}` puts in a path: any one segment, or the rest of it. */
const HOLE = '\u0000';

/** A string or template literal of the source, with each `${…}` as a hole. */
const LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.|\$\{[^}]*\})*`/g;

/**
 * The literals of a web source file that spell an API path: one that a declared operation answers (each
 * `:name` of its path matched by any segment or a template's hole), alone or followed by a query.
 */
export function handWrittenPaths(source: string, operations: readonly Operation[]): HandWrittenPath[] {
  const found: HandWrittenPath[] = [];
  const patterns = operations.map((operation) => ({ operation, pattern: pathPattern(operation.path) }));
  for (const match of source.matchAll(LITERAL)) {
    const text = match[0].slice(1, -1).replace(/\$\{[^}]*\}/g, HOLE);
    const path = text.startsWith('/api/') ? text.slice('/api'.length) : text;
    if (!path.startsWith('/')) continue;
    const hit = patterns.find(({ pattern }) => pattern.test(path));
    if (!hit) continue;
    const line = source.slice(0, match.index).split('\n').length;
    found.push({ line, text: match[0], operationId: hit.operation.operationId });
  }
  return found;
}

/**
 * An operation's path as a pattern of what a hand-written literal could hold: the literal may stop at a
 * hole (a template that appends the rest) or go on with a query; each parameter is a segment or a hole.
 */
function pathPattern(path: string): RegExp {
  const segments = path.split('/').slice(1);
  const parts = segments.map((segment) =>
    segment.startsWith(':') ? `(?:[^/?${HOLE}]+|${HOLE})` : literally(segment),
  );
  return new RegExp(`^/${parts.join('/')}(?:[?${HOLE}].*)?$`, 's');
}

function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
