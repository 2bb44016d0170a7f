import type { Role } from '@clinic/contract/roles';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  /** user id */
  sub: string;
  sid: string;
  role: Role;
  username: string;
  pid?: number;
  did?: number;
}

const ISSUER = 'clinic-network';
const ALG = 'HS256';
/** How many verified tokens are remembered (a few hundred bytes each): about as many as signed-in users. */
const VERIFIED_MAX = 5000;

export class TokenService {
  readonly #key: Uint8Array;
  /**
   * Tokens already verified, with their claims and expiry: a client sends the same token with every request,
   * and checking its signature again each time (WebCrypto, off the main thread) was a tenth of a list
   * request's cost (issue 13). A token is an immutable string, so one verified once stays valid until it
   * expires; revocation is the session's (checked on every request), not the token's.
   */
  readonly #verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  readonly #now: () => number;

  constructor(secret: string, now: () => number = Date.now) {
    this.#key = new TextEncoder().encode(secret);
    this.#now = now;
  }

  sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    const { sub, ...rest } = claims;
    return new SignJWT({ ...rest })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.#key);
  }

  /** The claims of a valid, unexpired token signed by us; null for anything else (never throws). */
  async verify(token: string): Promise<TokenClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.expiresAtMs > this.#now()) return known.claims;
      this.#verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        algorithms: [ALG],
        currentDate: new Date(this.#now()),
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.role !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      const claims = Object.freeze(payload) as unknown as TokenClaims;
      // The oldest remembered token makes room (insertion order); it is verified again if it comes back.
      if (this.#verified.size >= VERIFIED_MAX) {
        const oldest = this.#verified.keys().next().value;
        if (oldest !== undefined) this.#verified.delete(oldest);
      }
      this.#verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
