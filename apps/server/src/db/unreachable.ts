/** Socket errors of a connection that could not be made or broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot take the work now: class 08 (connection exception), shutting down
 * or starting up, too many connections. Errors of the SQL itself are not among them.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/;

/** What node-postgres throws when a connection cannot be made, is cut, or stops answering. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Client was closed and is not queryable',
];

/**
 * Whether an error means the database cannot be reached (decision 50), looking through drizzle's
 * wrapping (`cause`). Those are answered 503, every other unexpected error stays a 500.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
    // Several addresses tried at once (localhost as ::1 and 127.0.0.1).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some(isDatabaseUnreachable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
