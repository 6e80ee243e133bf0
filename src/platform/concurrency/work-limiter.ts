export interface WorkLimits {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting for a slot; one more is refused at once. */
  queue: number;
  /** How long a task may wait for its slot before it is refused; unbounded when left out. */
  waitMs?: number;
}

interface Waiter {
  admit(): void;
  timer?: NodeJS.Timeout;
}

/**
 * A semaphore with a bounded queue: at most `concurrency` tasks run, up to `queue` more wait in
 * arrival order (each for at most `waitMs`), and a task beyond both is refused with the error
 * `refuse` makes, without waiting, so a flood costs the process a bounded amount of work and memory.
 * Password hashing and the database's transactions are each behind one.
 */
export class WorkLimiter {
  #running = 0;
  readonly #waiting: Waiter[] = [];

  constructor(
    readonly limits: WorkLimits,
    private readonly refuse: () => Error,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#enter();
    try {
      return await task();
    } finally {
      this.#leave();
    }
  }

  #enter(): Promise<void> {
    if (this.#running < this.limits.concurrency) {
      this.#running += 1;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.limits.queue) return Promise.reject(this.refuse());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
      };
      if (this.limits.waitMs !== undefined) {
        waiter.timer = setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          reject(this.refuse());
        }, this.limits.waitMs);
      }
      this.#waiting.push(waiter);
    });
  }

  #leave() {
    // The slot passes straight to the next waiter, so a newcomer can never overtake the queue.
    const next = this.#waiting.shift();
    if (next) next.admit();
    else this.#running -= 1;
  }
}
