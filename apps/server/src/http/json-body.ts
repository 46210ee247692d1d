import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** A body no screen sends: the largest lists (bulk stock movements) stay far below it. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;
/** The sign-in form: a user name and a password. */
export const SIGN_IN_BODY_LIMIT = 4 * 1024;
/** No request of the contract nests deeper than a few levels. */
const MAX_DEPTH = 32;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * How deep arrays and objects nest in a JSON text, counted in one pass without building anything, so a
 * body like `[[[[…]]]]` is refused before the parser spends its time on it. Brackets inside strings do
 * not count.
 */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/**
 * Bytes that are not UTF-8 would be read as U+FFFD and stored so, unlike what was sent; they are
 * refused like a lone surrogate written as `\ud800` (decision 96).
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Fastify's own JSON parser (prototype poisoning refused), behind the UTF-8 and depth checks. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(badRequest('İstek gövdesi geçerli UTF-8 metni değil.'), undefined);
      return;
    }
    if (exceedsDepth(text, MAX_DEPTH)) {
      done(badRequest('İstek gövdesi çok derin iç içe geçmiş.'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
