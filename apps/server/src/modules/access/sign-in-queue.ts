import { UnavailableError } from '../../http/errors.ts';

/**
 * The line of password checks (decision 148). An argon2 check takes a core for tens of milliseconds, so
 * a flood of sign-ins from many addresses could take every core from everyone else. At most
 * `concurrency` checks run at once; the others wait at most `maxWaitMs`, known devices ahead of
 * strangers, and are then refused with 503 and `Retry-After`, as is whoever finds `MAX_WAITING` in line.
 */

/** Sign-ins waiting at most, whatever the wait: the line's memory stays small under any flood. */
const MAX_WAITING = 256;

export const SIGN_IN_BUSY_MESSAGE =
  'Şu anda çok sayıda giriş isteği işleniyor. Lütfen birkaç saniye sonra tekrar deneyin.';

export type SignInQueueOptions = {
  concurrency: number;
  maxWaitMs: number;
  /** Sign-ins that may wait (`MAX_WAITING` by default). */
  maxWaiting?: number;
};

type Waiter = { first: boolean; start: () => void; refuse: (error: Error) => void; timer?: NodeJS.Timeout };

export class SignInQueue {
  private running = 0;
  /** Known devices first, each kind in arrival order. */
  private readonly waiting: Waiter[] = [];
  /** A running mean of how long a turn takes, for `Retry-After`. */
  private meanMs = 100;

  constructor(private readonly options: SignInQueueOptions) {}

  /** Runs `task` in its turn; `first`: a known device's sign-in, served before any stranger's. */
  async run<T>(first: boolean, task: () => Promise<T>): Promise<T> {
    await this.turn(first);
    const startedAt = performance.now();
    try {
      return await task();
    } finally {
      this.meanMs = 0.8 * this.meanMs + 0.2 * (performance.now() - startedAt);
      this.running -= 1;
      this.next();
    }
  }

  /** Turns running and waiting, for the tests and the logs. */
  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private turn(first: boolean): Promise<void> {
    if (this.running < this.options.concurrency && this.waiting.length === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= (this.options.maxWaiting ?? MAX_WAITING)) {
      // A known device never finds the line full of strangers: the last stranger waiting gives way.
      const last = this.waiting.at(-1);
      if (!first || !last || last.first) return Promise.reject(this.busy());
      this.drop(last);
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        first,
        start: () => {
          clearTimeout(waiter.timer);
          this.running += 1;
          resolve();
        },
        refuse: reject,
      };
      waiter.timer = setTimeout(() => this.drop(waiter), this.options.maxWaitMs);
      const at = first ? this.waiting.findIndex((other) => !other.first) : -1;
      this.waiting.splice(at < 0 ? this.waiting.length : at, 0, waiter);
    });
  }

  private next(): void {
    while (this.running < this.options.concurrency && this.waiting.length > 0) this.waiting.shift()!.start();
  }

  private drop(waiter: Waiter): void {
    const at = this.waiting.indexOf(waiter);
    if (at < 0) return;
    this.waiting.splice(at, 1);
    clearTimeout(waiter.timer);
    waiter.refuse(this.busy());
  }

  /** Seconds until the turns now in line are likely served: at least 1, at most a minute. */
  private busy(): UnavailableError {
    const seconds = Math.ceil(((this.waiting.length + 1) * this.meanMs) / this.options.concurrency / 1000);
    return new UnavailableError(SIGN_IN_BUSY_MESSAGE, Math.min(60, Math.max(1, seconds)));
  }
}
