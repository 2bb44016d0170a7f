import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// The web build writes .br and .gz beside its text files (web/build/precompress.ts); the server sends them
// to browsers that accept them (docs/decisions/0026-home-page-loading.md).
const SCRIPT = `export const text = '${'clinic '.repeat(400)}';\n`;

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'clinic-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>');
  const script = path.join(webDist, 'assets', 'app-1234.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(Buffer.from(SCRIPT)));
  writeFileSync(`${script}.gz`, gzipSync(Buffer.from(SCRIPT)));
  t = await createTestApp({ seed: false, config: { webDist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('precompressed web files', () => {
  it('sends the Brotli copy to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    const br = await t.call({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gz = await t.call({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const plain = await t.call({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('deep links still get index.html', async () => {
    const page = await t.call({ method: 'GET', url: '/content/3', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
