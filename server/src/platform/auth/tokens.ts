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

export class TokenService {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
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
    try {
      const { payload } = await jwtVerify(token, this.#key, { issuer: ISSUER, algorithms: [ALG] });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.role !== 'string'
      ) {
        return null;
      }
      return payload as unknown as TokenClaims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
