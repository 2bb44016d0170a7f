/**
 * Throttles failed sign-ins without locking real users out (docs/decisions/0004-login-throttling.md).
 *
 * - per account AND address: 5 failures in 15 minutes block that pair, so guessing one account from one
 *   place stops quickly, while the real user signing in from elsewhere is not affected;
 * - per address: 30 failures in 15 minutes block the address (one machine spraying many accounts);
 * - a success clears the pair's failures.
 *
 * Kept in memory: one process serves a clinic network's sign-ins; several processes would each keep their
 * own count, which only makes an attacker's budget a small multiple larger.
 */
export interface ThrottleLimits {
  windowMs: number;
  perPair: number;
  perAddress: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { windowMs: 15 * 60_000, perPair: 5, perAddress: 30 };

export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(username: string, address: string): boolean {
    return (
      this.#count(pairKey(username, address)) >= this.limits.perPair ||
      this.#count(addressKey(address)) >= this.limits.perAddress
    );
  }

  recordFailure(username: string, address: string): void {
    this.#push(pairKey(username, address));
    this.#push(addressKey(address));
    if (this.#failures.size > 50_000) this.#prune();
  }

  recordSuccess(username: string, address: string): void {
    this.#failures.delete(pairKey(username, address));
  }

  #count(key: string): number {
    const list = this.#failures.get(key);
    if (!list) return 0;
    const since = this.now() - this.limits.windowMs;
    const recent = list.filter((t) => t > since);
    if (recent.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, recent);
    return recent.length;
  }

  #push(key: string): void {
    const list = this.#failures.get(key) ?? [];
    list.push(this.now());
    this.#failures.set(key, list);
  }

  #prune(): void {
    for (const key of [...this.#failures.keys()]) this.#count(key);
  }
}

const pairKey = (username: string, address: string) => `p:${username.toLowerCase()}|${address}`;
const addressKey = (address: string) => `a:${address}`;
