import type { Operation } from '@mandira/contract/operation';
import { OPERATION_AREAS } from '@mandira/contract/operations/index';
import type { Plugin } from 'vite';

const AREAS = '@mandira/contract/operations/';
const VIRTUAL = '\0operation-routes:';

/**
 * The browser needs of an operation only what a call is made of: its id, method, path and, for a file
 * or a stream, its media type. The declarations also hold their zod schemas, for the server and for the
 * web's types; in the bundle those would bring zod and every answer schema into the first load (and zod
 * probes `new Function` as it loads, which the Content-Security-Policy reports). So the build answers an
 * import of `@mandira/contract/operations/<area>` with the same exports, each only its route facts,
 * written from the declarations themselves (decision 180). TypeScript still reads the declarations.
 */
export function operationRoutes(): Plugin {
  return {
    name: 'mandira-operation-routes',
    enforce: 'pre',
    resolveId(source) {
      if (!source.startsWith(AREAS)) return undefined;
      const area = source.slice(AREAS.length).replace(/\.ts$/, '');
      return area in OPERATION_AREAS ? `${VIRTUAL}${area}` : undefined;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return undefined;
      const area = OPERATION_AREAS[id.slice(VIRTUAL.length) as keyof typeof OPERATION_AREAS];
      return Object.entries(area as Record<string, Operation>)
        .map(([name, operation]) => `export const ${name} = ${JSON.stringify(routeFacts(operation))};`)
        .join('\n');
    },
  };
}

/** What a call is made of; the answer's media type only where it is not JSON. */
export function routeFacts(operation: Operation) {
  const { operationId, method, path, answer } = operation;
  return {
    operationId,
    method,
    path,
    answer: '_zod' in answer ? {} : { kind: answer.kind, mediaType: answer.mediaType },
  };
}
