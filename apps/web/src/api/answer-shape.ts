/**
 * A list operation answers one page when asked for a page and an array when asked for everything
 * (decision 113), so its declared answer is the union of both: these take the shape the call asked for.
 * A server that answered the other shape broke the contract, which is an error, not a cast.
 */
export function asPage<T>(answer: T): Exclude<T, readonly unknown[]> {
  if (Array.isArray(answer)) throw new TypeError('A page was asked for and a whole list answered');
  return answer as Exclude<T, readonly unknown[]>;
}

/** The rows of a list asked for without a page. */
export function asRows<T>(answer: T): Extract<T, readonly unknown[]> {
  if (!Array.isArray(answer)) throw new TypeError('A whole list was asked for and a page answered');
  return answer as Extract<T, readonly unknown[]>;
}
