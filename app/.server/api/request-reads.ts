// The account reads several loaders of one request make — the favorite ids, the collections, the timecodes, the
// profile: the root's badges, continue watching and new episodes each need them (docs/decisions/0270). One request
// asks the upstream once for each, whichever loader asks first; a write through the request's calls forgets them.

type SharedRead = { answer: Promise<unknown>; timeoutMs: number };

export class RequestReads {
  private readonly reads = new Map<string, SharedRead>();

  /**
   * `key` names the read (its address and the token it is made with). A caller with a longer time budget than the
   * one already asking waits for that answer, and asks again itself only if it failed within the shorter budget.
   */
  share<T>(key: string, timeoutMs: number, read: () => Promise<T>): Promise<T> {
    const shared = this.reads.get(key);
    if (shared) {
      const answer = shared.answer as Promise<T>;
      return shared.timeoutMs >= timeoutMs ? answer : answer.catch(() => this.start(key, timeoutMs, read));
    }
    return this.start(key, timeoutMs, read);
  }

  /** Before and after every write: what was read may have changed. */
  forget(): void {
    this.reads.clear();
  }

  get size(): number {
    return this.reads.size;
  }

  private start<T>(key: string, timeoutMs: number, read: () => Promise<T>): Promise<T> {
    const answer = read();
    this.reads.set(key, { answer, timeoutMs });
    // A failed read is not kept: a later loader asks again within its own budget.
    answer.catch(() => {
      if (this.reads.get(key)?.answer === answer) this.reads.delete(key);
    });
    return answer;
  }
}
