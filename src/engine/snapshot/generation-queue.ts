const ignore = (): void => undefined;

/**
 * Serializes configuration generations: reads never overlap, each starts after the one before
 * has finished, and callers that arrive while a read runs share the next read, which starts after
 * they called. So the newest read always wins and generation ids only increase.
 */
export class GenerationQueue<T extends { readonly id: number }> {
  #current: T;
  readonly #read: (id: number, current: T) => Promise<T>;
  #running: Promise<T> | undefined;
  #waiting: Promise<T> | undefined;

  constructor(first: T, read: (id: number, current: T) => Promise<T>) {
    this.#current = first;
    this.#read = read;
  }

  /** The generation in force; never changes under a caller holding it. */
  get current(): T {
    return this.#current;
  }

  /** Reads a new generation that reflects everything changed before this call, and makes it current. */
  reload(): Promise<T> {
    if (this.#waiting) return this.#waiting;
    const running = this.#running;
    if (!running) return this.#start();
    this.#waiting = running.then(ignore, ignore).then(() => {
      this.#waiting = undefined;
      return this.#start();
    });
    return this.#waiting;
  }

  #start(): Promise<T> {
    const running = this.#read(this.#current.id + 1, this.#current).then((next) => {
      this.#current = next;
      return next;
    });
    this.#running = running;
    const settled = (): void => {
      if (this.#running === running) this.#running = undefined;
    };
    running.then(settled, settled);
    return running;
  }
}
