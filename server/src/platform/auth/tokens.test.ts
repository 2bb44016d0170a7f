import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

const SECRET = 'a-test-secret-a-test-secret-a-test-secret';
const claims = { sub: '7', sid: 'session-1', role: 'ADMIN' as const, username: 'admin' };

describe('TokenService', () => {
  it('verifies a token it signed, again and again, until it expires', async () => {
    let now = Date.now();
    const tokens = new TokenService(SECRET, () => now);
    const token = await tokens.sign(claims, new Date(now + 60_000));
    expect(await tokens.verify(token)).toMatchObject(claims);
    expect(await tokens.verify(token)).toMatchObject(claims);
    now += 61_000;
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another key, or altered, even after verifying the real one', async () => {
    const tokens = new TokenService(SECRET);
    const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).not.toBeNull();
    const forged = await new TokenService(`${SECRET}-other`).sign(claims, new Date(Date.now() + 60_000));
    expect(await tokens.verify(forged)).toBeNull();
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, role: 'PATIENT', exp: 9e9 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
  });
});
