import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

// The server renders the pages the web build names in server/pages.json with the public answers they show
// (platform/rendered-pages.ts, docs/decisions/0049). Here the build is a stand-in: its render module writes
// each office's name into the template, as the real one (web/src/prerender.tsx) renders the office list.
const TEMPLATE =
  '<!doctype html><title>Our Offices</title><div id="root" data-prerendered="/office"><!--page-html--></div>' +
  '<!--page-answers--></body>';
const PRERENDERED =
  '<!doctype html><title>Our Offices</title><div id="root" data-prerendered="/office"><h1>Our Offices</h1></div>';
const RENDER_MODULE = `
export async function renderPageDocument(template, url, answers) {
  const offices = answers['/api/office/all'];
  const list = offices.map((office) => '<h2>' + office.officeName + '</h2>').join('');
  return template
    .replace('<!--page-html-->', () => '<h1>' + url + '</h1>' + list)
    .replace('<!--page-answers-->', () => '<script type="application/json">' + offices.length + '</script>');
}
`;

let t: TestApp;
let webDist: string;
let admin: string;
let builds = 0;

function writeBuild(module: string) {
  const folder = path.join(webDist, 'server');
  mkdirSync(path.join(folder, 'pages'), { recursive: true });
  writeFileSync(path.join(folder, 'render.mjs'), module);
  writeFileSync(path.join(folder, 'pages', 'office.html'), TEMPLATE);
  const manifest = path.join(folder, 'pages.json');
  writeFileSync(
    manifest,
    JSON.stringify({
      module: 'render.mjs',
      pages: [{ path: '/office', template: 'pages/office.html', answers: ['/api/office/all'] }],
    }),
  );
  // A new build is told by the manifest's time: make each write a new one, however fast the test runs.
  builds += 1;
  const later = new Date(Date.now() + builds * 60_000);
  utimesSync(manifest, later, later);
}

const getPage = (url: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url, headers: { 'accept-encoding': 'identity', ...headers } });

beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'clinic-rendered-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'spa.html'), '<!doctype html><title>x</title><div id="root"></div>');
  mkdirSync(path.join(webDist, 'pages'));
  writeFileSync(path.join(webDist, 'pages', 'office.html'), PRERENDERED);
  writeBuild(RENDER_MODULE);
  t = await createTestApp({ config: { webDist } });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('pages rendered with their data (docs/decisions/0049)', () => {
  it('sends /office with every office of /api/office/all in its HTML and the answer beside it', async () => {
    const offices = (await t.call({ method: 'GET', url: '/api/office/all' })).json<
      { officeName: string }[]
    >();
    expect(offices.length).toBeGreaterThan(1);

    const page = await getPage('/office');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<h1>/office</h1>');
    for (const office of offices) expect(page.body).toContain(`<h2>${office.officeName}</h2>`);
    expect(page.body).toContain(`<script type="application/json">${offices.length}</script>`);
    expect(page.body).not.toContain('<!--page-');
  });

  it('answers 304 to a browser holding the same page, and shows a renamed office to the next visitor', async () => {
    const first = await getPage('/office');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await getPage('/office', { 'if-none-match': etag })).statusCode).toBe(304);

    const offices = (await t.call({ method: 'GET', url: '/api/office/all' })).json<
      { officeId: number; officeName: string }[]
    >();
    const office = offices[0];
    if (!office) throw new Error('the demo has offices');
    const rename = (officeName: string) =>
      t.call({
        method: 'PUT',
        url: `/api/office/update/${office.officeId}`,
        token: admin,
        payload: { officeName },
      });
    expect((await rename('Summit PT Renamed')).statusCode).toBe(200);
    try {
      const renamed = await getPage('/office', { 'if-none-match': etag });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.headers.etag).not.toBe(etag);
      expect(renamed.body).toContain('<h2>Summit PT Renamed</h2>');
      expect(renamed.body).not.toContain(`<h2>${office.officeName}</h2>`);
    } finally {
      expect((await rename(office.officeName)).statusCode).toBe(200);
    }
  });

  it('sends the prerendered page when the render fails, and again renders once it can', async () => {
    writeBuild('export async function renderPageDocument() { throw new Error("cannot render"); }');
    try {
      const page = await getPage('/office');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(PRERENDERED);
    } finally {
      writeBuild(RENDER_MODULE);
    }
    expect((await getPage('/office')).body).toContain('<h1>/office</h1>');
  });

  it('never serves the build folder of the server as files', async () => {
    for (const url of ['/server/render.mjs', '/server/pages.json']) {
      const res = await getPage(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('renderPageDocument');
    }
    // An .html path the app does not know gets the app's shell, not the template.
    const template = await getPage('/server/pages/office.html');
    expect(template.body).not.toContain('<!--page-html-->');
  });

  it('renders only the pages the build names: other paths get their prerendered page or the shell', async () => {
    const page = await getPage('/office/2');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<h1>/office/2</h1>');
    expect(page.body).toContain('<div id="root"></div>');
  });
});
