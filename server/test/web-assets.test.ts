import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
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

  it('deep links still get the app', async () => {
    const page = await t.call({ method: 'GET', url: '/content/3', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Compressed on the way when the shell has no precompressed copy (@fastify/compress), as a browser asked.
    const body =
      page.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(page.rawPayload).toString('utf8')
        : page.body;
    expect(body).toContain('<div id="root"></div>');
  });
});

describe('the prerendered home page (web/build/prerender.ts)', () => {
  it("sends the prerendered index.html for '/' and the empty shell for every other page", async () => {
    writeFileSync(path.join(webDist, 'index.html'), PRERENDERED);
    writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync(Buffer.from(PRERENDERED)));
    writeFileSync(path.join(webDist, 'spa.html'), SHELL);
    writeFileSync(path.join(webDist, 'spa.html.br'), brotliCompressSync(Buffer.from(SHELL)));
    try {
      const home = await t.call({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(PRERENDERED);
      expect(home.headers['cache-control']).toBe('no-cache');
      const compressed = await t.call({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(PRERENDERED);
      // Its compressed copy is revalidated too: a page kept for an hour would name a deploy's deleted scripts.
      expect(compressed.headers['cache-control']).toBe('no-cache');

      for (const url of ['/login/patient', '/content/3', '/dashboard/patient?x=1']) {
        const page = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toBe(SHELL);
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
    } finally {
      for (const file of ['spa.html', 'spa.html.br', 'index.html.br']) rmSync(path.join(webDist, file));
    }
  });
});

describe('other prerendered pages (web/build/prerender.ts)', () => {
  it('sends pages/office.html for /office, compressed when asked, and the shell for paths without a page', async () => {
    mkdirSync(path.join(webDist, 'pages'));
    writeFileSync(path.join(webDist, 'pages', 'office.html'), OFFICES);
    writeFileSync(path.join(webDist, 'pages', 'office.html.br'), brotliCompressSync(Buffer.from(OFFICES)));
    writeFileSync(path.join(webDist, 'spa.html'), SHELL);
    try {
      const plain = await t.call({
        method: 'GET',
        url: '/office',
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(OFFICES);
      expect(plain.headers['content-type']).toContain('text/html');
      expect(plain.headers['cache-control']).toBe('no-cache');
      const query = await t.call({ method: 'GET', url: '/office?x=1', headers: { 'accept-encoding': 'br' } });
      expect(query.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(query.rawPayload).toString()).toBe(OFFICES);

      expect(plain.headers.vary).toContain('Cookie');
      expect(query.headers['cache-control']).toBe('no-cache');

      // A browser that says it is signed in gets the app's shell: the page shows a signed-out visitor's view
      // (docs/decisions/0050). Other cookies, or the flag off, do not count.
      for (const url of ['/office', '/']) {
        const signedIn = await t.call({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'identity', cookie: 'theme=dark; signed_in=1' },
        });
        expect(signedIn.statusCode, url).toBe(200);
        expect(signedIn.body, url).toBe(SHELL);
        expect(signedIn.headers['cache-control'], url).toBe('no-cache');
        expect(signedIn.headers.vary, url).toContain('Cookie');
      }
      for (const cookie of ['signed_in=0', 'not_signed_in=1', 'signed_in=']) {
        const visitor = await t.call({
          method: 'GET',
          url: '/office',
          headers: { 'accept-encoding': 'identity', cookie },
        });
        expect(visitor.body, cookie).toBe(OFFICES);
      }

      // A path with no page of its own, or one that is not a plain page path, gets the shell.
      for (const url of ['/office/2', '/register/office', '/pages/../index', '/Office']) {
        const page = await t.call({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toBe(SHELL);
      }
    } finally {
      rmSync(path.join(webDist, 'pages'), { recursive: true });
      rmSync(path.join(webDist, 'spa.html'));
    }
  });
});

const OFFICES =
  '<!doctype html><title>Our Offices</title><div id="root" data-prerendered="/office"><h1>Our Offices</h1></div>';
const PRERENDERED = '<!doctype html><title>x</title><div id="root" data-prerendered="/"><h1>Home</h1></div>';
const SHELL = '<!doctype html><title>x</title><div id="root"></div>';
