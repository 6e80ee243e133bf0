export interface WorkLimits {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting for a slot; one more is refused at once. */
  queue: number;
}

/**
 * A semaphore with a bounded queue: at most `concurrency` tasks run, up to `queue` more wait in
 * arrival order, and a task beyond both is refused with the error `refuse` makes, without waiting,
 * so a flood costs the process a bounded amount of work and memory.
 */
export class WorkLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly limits: WorkLimits,
    private readonly refuse: () => Error,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) this.running += 1;
    else if (this.waiting.length < this.limits.queue) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw this.refuse();
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer can never overtake the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
