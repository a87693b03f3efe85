// Several hosts for one upstream (mirrors): a circuit breaker per host decides which to try first (decision 0210).
// closed ("up") → open ("down") after consecutive connection failures or a burst of 5xx; open → half-open
// ("probing") after a cool-down, when one real idempotent request is let through; its success closes the breaker.

export type BreakerSettings = {
  /** Connection errors or timeouts in a row that take a host down. */
  consecutiveFailures: number;
  /** 5xx answers within `serverErrorWindowMs` that take a host down. */
  serverErrorBurst: number;
  serverErrorWindowMs: number;
  /** How long a host stays down before one probe request is let through. */
  coolDownMs: number;
};

/** Decision 0211. */
export const DEFAULT_BREAKER_SETTINGS: BreakerSettings = {
  consecutiveFailures: 3,
  serverErrorBurst: 5,
  serverErrorWindowMs: 10_000,
  coolDownMs: 5_000,
};

export type HostState = "up" | "down" | "probing";

/** A host's last error as the report shows it (decision 0247). */
export const MAX_ERROR_CHARS = 200;

export type HostOutcome =
  | { kind: "answered"; status: number }
  | { kind: "failed"; reason: string }
  /** The caller gave up (the visitor left): says nothing about the host. */
  | { kind: "cancelled" };

export type HostReport = {
  url: string;
  state: HostState;
  lastError: string | null;
  /** ISO time the host went down; null while it is up. */
  downSince: string | null;
};

type Clock = () => number;

export class HostBreaker {
  private state: HostState = "up";
  private failuresInARow = 0;
  private serverErrorTimes: number[] = [];
  private openedAt: number | null = null;
  private downSince: number | null = null;
  private probeInFlight = false;
  private lastError: string | null = null;

  constructor(
    readonly url: string,
    private readonly settings: BreakerSettings = DEFAULT_BREAKER_SETTINGS,
    private readonly now: Clock = Date.now,
  ) {}

  /** Open and past its cool-down, with no probe out yet. */
  private probeDue(): boolean {
    return this.state === "down" && this.openedAt !== null && this.now() - this.openedAt >= this.settings.coolDownMs && !this.probeInFlight;
  }

  isUp(): boolean {
    return this.state === "up";
  }

  /** Takes the one probe slot if it is due: the host becomes "probing" until `record` settles it. */
  tryStartProbe(): boolean {
    if (!this.probeDue()) return false;
    this.state = "probing";
    this.probeInFlight = true;
    return true;
  }

  record(outcome: HostOutcome): void {
    const wasProbe = this.probeInFlight;
    this.probeInFlight = false;
    if (outcome.kind === "cancelled") {
      if (wasProbe) this.state = "down";
      return;
    }
    if (outcome.kind === "failed") {
      // An error's message can carry what the upstream sent: the report keeps its start.
      this.lastError = outcome.reason.slice(0, MAX_ERROR_CHARS);
      this.failuresInARow += 1;
      if (wasProbe || this.failuresInARow >= this.settings.consecutiveFailures) this.open();
      return;
    }
    this.failuresInARow = 0;
    if (outcome.status >= 500) {
      this.lastError = `HTTP ${outcome.status}`;
      const now = this.now();
      this.serverErrorTimes = [...this.serverErrorTimes.filter((time) => now - time < this.settings.serverErrorWindowMs), now];
      if (wasProbe || this.serverErrorTimes.length >= this.settings.serverErrorBurst) this.open();
      return;
    }
    if (this.state !== "up") {
      this.state = "up";
      this.openedAt = null;
      this.downSince = null;
      this.serverErrorTimes = [];
    }
  }

  private open(): void {
    // A host already down keeps the time it first went down; a failed probe restarts the cool-down.
    this.openedAt = this.now();
    this.state = "down";
    this.failuresInARow = 0;
    this.serverErrorTimes = [];
    this.downSince ??= this.openedAt;
  }

  report(): HostReport {
    return {
      url: this.url,
      state: this.state,
      lastError: this.lastError,
      downSince: this.downSince === null ? null : new Date(this.downSince).toISOString(),
    };
  }
}

export type PickOptions = {
  /** Hosts this request has already tried, in order. */
  tried: readonly HostBreaker[];
  /** Only an idempotent request may be a down host's probe: if the probe fails, it can go on to the next host. */
  mayProbe: boolean;
};

/** One upstream's hosts in order of preference, each with its breaker; one pool per process and host list. */
export class HostPool {
  readonly hosts: readonly HostBreaker[];

  constructor(urls: readonly string[], settings: BreakerSettings = DEFAULT_BREAKER_SETTINGS, now: Clock = Date.now) {
    if (urls.length === 0) throw new Error("a host pool needs at least one host");
    this.hosts = urls.map((url) => new HostBreaker(url, settings, now));
  }

  /**
   * The host for a request's next attempt: the first untried host that is up (or due a probe, when allowed);
   * when every host is down the first one all the same (one host behaves as it always did); once the
   * usable hosts are used up, the last one tried again.
   */
  pick({ tried, mayProbe }: PickOptions): HostBreaker {
    for (const host of this.hosts) {
      if (tried.includes(host)) continue;
      if (host.isUp() || (mayProbe && host.tryStartProbe())) return host;
    }
    return tried.at(-1) ?? this.hosts[0]!;
  }

  report(): HostReport[] {
    return this.hosts.map((host) => host.report());
  }
}

const pools = new Map<string, HostPool>();

/** The process's pool for this list of hosts (the same list gives the same pool, so breakers remember). */
export function hostPoolFor(urls: readonly string[]): HostPool {
  const key = urls.join(",");
  let pool = pools.get(key);
  if (!pool) {
    pool = new HostPool(urls);
    pools.set(key, pool);
  }
  return pool;
}
