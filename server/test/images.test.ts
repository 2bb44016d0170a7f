import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_MAX_BYTES } from '@clinic/contract/images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let dataDir: string;
let webDist: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'images-test-'));
  // A built web app of our own, so that /images is checked beside the static file server.
  webDist = mkdtempSync(path.join(tmpdir(), 'images-test-web-'));
  mkdirSync(path.join(webDist, 'images', 'header'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(
    path.join(webDist, 'images', 'header', 'banner.png'),
    await solid('png', { r: 1, g: 2, b: 3 }),
  );
  t = await createTestApp({ config: { dataDir, webDist } });
  for (const user of ['admin', 'manager', 'frontdesk', 'doctor', 'patient']) {
    tokens[user] = await t.login(user);
  }
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
});

const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');

function solid(format: 'png' | 'jpeg' | 'webp' | 'gif', colour = { r: 200, g: 40, b: 90 }) {
  const image = sharp({ create: { width: 24, height: 16, channels: 3, background: colour } });
  return image.toFormat(format).toBuffer();
}

function form(fields: Record<string, string>, file?: { bytes: Buffer; name?: string; field?: string }) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file) {
    data.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)]), file.name ?? 'upload.bin');
  }
  return data;
}

const upload = (
  token: string | undefined,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name?: string; field?: string },
  url = '/api/images/upload',
) => t.call({ method: 'POST', url, token, payload: form(fields, file) });

const stored = (directory: string) => {
  const folder = path.join(dataDir, 'images', directory);
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};

describe('POST /api/images/upload', () => {
  it('stores a PNG under a sanitised name and answers that name as text', async () => {
    const res = await upload(
      tokens.admin,
      { directory: 'office', filename: 'Front Desk.PNG' },
      { bytes: await solid('png') },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('front-desk.png');
    expect(stored('office')).toContain('front-desk.png');
  });

  it('reduces a path to its last segment (browsers send C:\\fakepath\\...)', async () => {
    const res = await upload(
      tokens.frontdesk,
      { directory: 'office', filename: 'C:\\fakepath\\Lobby 2.jpg' },
      { bytes: await solid('jpeg') },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('lobby-2.jpg');
  });

  it('takes the file part name when no filename field is sent, and fixes the extension to the real format', async () => {
    const res = await upload(
      tokens.doctor,
      { directory: 'doctor' },
      { bytes: await solid('png'), name: 'portrait.jpg' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('portrait.png');
  });

  it('accepts WebP and GIF', async () => {
    for (const format of ['webp', 'gif'] as const) {
      const res = await upload(
        tokens.manager,
        { directory: 'promotion', filename: `promo.${format}` },
        { bytes: await solid(format) },
      );
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(`promo.${format}`);
    }
  });

  it('re-encodes the image: metadata such as EXIF is not kept', async () => {
    const withExif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', Artist: 'someone' } } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(
      tokens.admin,
      { directory: 'content', filename: 'exif.jpg' },
      { bytes: withExif },
    );
    expect(res.statusCode).toBe(200);
    const saved = readFileSync(path.join(dataDir, 'images', 'content', 'exif.jpg'));
    expect((await sharp(saved).metadata()).exif).toBeUndefined();
    expect(saved.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('never lets an upload replace a folder default image', async () => {
    const res = await upload(
      tokens.admin,
      { directory: 'doctor', filename: 'default.jpg' },
      { bytes: await solid('jpeg') },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^default-[0-9a-f]{6}\.jpg$/);
  });

  it('the per-category helper stores into its category', async () => {
    const res = await upload(
      tokens.admin,
      { filename: 'knee.png' },
      { bytes: await solid('png') },
      '/api/images/procedurediagnosis/upload',
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('knee.png');
    expect(stored('procedurediagnosis')).toEqual(['knee.png']);
  });

  describe('refusals store nothing', () => {
    const before = () => ({
      office: stored('office'),
      content: stored('content'),
      root: readdirSync(path.join(dataDir, 'images')).sort(),
    });

    it.each([
      [
        'a text file named x.png',
        () => Buffer.from('just some text, not an image'),
        'x.png',
        /Only PNG, JPEG, WebP and GIF/,
      ],
      [
        'an SVG',
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        /Only PNG, JPEG, WebP and GIF/,
      ],
      [
        'an HTML page named x.gif',
        () => Buffer.from('<html><script>alert(1)</script></html>'),
        'x.gif',
        /Only PNG, JPEG, WebP and GIF/,
      ],
      [
        'a PNG header with garbage after it',
        () =>
          Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.alloc(200, 7),
          ]),
        'broken.png',
        /not a readable image/,
      ],
    ])('%s gets a 400 saying why', async (_label, bytes, name, message) => {
      const snapshot = before();
      const res = await upload(tokens.admin, { directory: 'office', filename: name }, { bytes: bytes() });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(before()).toEqual(snapshot);
    });

    it('an image over the size limit gets a 413 naming the limit', async () => {
      const snapshot = before();
      const big = Buffer.concat([await solid('png'), Buffer.alloc(IMAGE_MAX_BYTES + 10, 1)]);
      const res = await upload(tokens.admin, { directory: 'office', filename: 'big.png' }, { bytes: big });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/larger than 5 MB/);
      expect(before()).toEqual(snapshot);
    });

    it.each(['../../etc/passwd', '..\\..\\evil.png', '%2e%2e/%2e%2e/x.png', 'a/../../b.png'])(
      'a name that climbs out of the folder (%s) is refused',
      async (filename) => {
        const snapshot = before();
        const res = await upload(
          tokens.admin,
          { directory: 'office', filename },
          { bytes: await solid('png') },
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/plain file name/);
        expect(before()).toEqual(snapshot);
      },
    );

    it.each(['../../etc', '..', 'unknown', '', 'office/../../x'])(
      'directory "%s" is refused',
      async (directory) => {
        const snapshot = before();
        const res = await upload(
          tokens.admin,
          { directory, filename: 'x.png' },
          { bytes: await solid('png') },
        );
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/Unknown image directory/);
        expect(before()).toEqual(snapshot);
      },
    );

    it('an unknown category in the helper path is refused', async () => {
      const res = await upload(
        tokens.admin,
        { filename: 'x.png' },
        { bytes: await solid('png') },
        '/api/images/secrets/upload',
      );
      expect(res.statusCode).toBe(400);
      expect(existsSync(path.join(dataDir, 'images', 'secrets'))).toBe(false);
    });

    it('a form without a file, with the file under another name, or not multipart at all is a 400', async () => {
      const noFile = await upload(tokens.admin, { directory: 'office', filename: 'x.png' });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().message).toMatch(/No file was sent/);
      const otherField = await upload(
        tokens.admin,
        { directory: 'office' },
        { bytes: await solid('png'), field: 'picture' },
      );
      expect(otherField.statusCode).toBe(400);
      const json = await t.call({
        method: 'POST',
        url: '/api/images/upload',
        token: tokens.admin,
        payload: { directory: 'office' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toMatch(/multipart/);
    });

    it('an empty file is a 400', async () => {
      const res = await upload(
        tokens.admin,
        { directory: 'office', filename: 'empty.png' },
        { bytes: Buffer.alloc(0) },
      );
      expect(res.statusCode).toBe(400);
    });
  });

  describe('roles', () => {
    it('refuses anonymous callers (401) and patients (403), before reading the file', async () => {
      const bytes = await solid('png');
      const anonymous = await upload(undefined, { directory: 'office', filename: 'anon.png' }, { bytes });
      expect(anonymous.statusCode).toBe(401);
      const patient = await upload(
        tokens.patient,
        { directory: 'office', filename: 'patient.png' },
        { bytes },
      );
      expect(patient.statusCode).toBe(403);
      const helper = await upload(
        tokens.patient,
        { filename: 'patient.png' },
        { bytes },
        '/api/images/office/upload',
      );
      expect(helper.statusCode).toBe(403);
      expect(stored('office')).not.toContain('anon.png');
      expect(stored('office')).not.toContain('patient.png');
    });
  });
});

describe('GET /api/images/{directory}/{file} and /images/...', () => {
  it('serves a stored image with its type and nosniff, at both paths', async () => {
    const api = await t.call({ method: 'GET', url: '/api/images/office/front-desk.png' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-type']).toBe('image/png');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const plain = await t.call({ method: 'GET', url: '/images/office/front-desk.png' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(api.rawPayload)).toBe(true);
    const jpeg = await t.call({ method: 'GET', url: '/images/office/lobby-2.jpg' });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const webp = await t.call({ method: 'GET', url: '/api/images/promotion/promo.webp' });
    expect(webp.headers['content-type']).toBe('image/webp');
  });

  it('answers 304 when the client already has it', async () => {
    const first = await t.call({ method: 'GET', url: '/api/images/office/front-desk.png' });
    const again = await t.call({
      method: 'GET',
      url: '/api/images/office/front-desk.png',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a missing or blank name gives the folder default image (spec §9)', async () => {
    const png = readFileSync(path.join(WEB_PUBLIC, 'images/default.png'));
    const doctor = readFileSync(path.join(WEB_PUBLIC, 'images/doctor/default.jpg'));
    const insurance = readFileSync(path.join(WEB_PUBLIC, 'images/insurance/default.jpg'));
    const cases: [string, Buffer, string][] = [
      ['/api/images/office/no-such-file.png', png, 'image/png'],
      ['/api/images/office/%20%20', png, 'image/png'],
      ['/api/images/office', png, 'image/png'],
      ['/api/images/doctor/missing.jpg', doctor, 'image/jpeg'],
      ['/api/images/doctors/missing.jpg', doctor, 'image/jpeg'],
      ['/api/images/insurance/', insurance, 'image/jpeg'],
      ['/images/insurance/none.jpg', insurance, 'image/jpeg'],
      ['/images/doctor/', doctor, 'image/jpeg'],
      ['/images/default.png', png, 'image/png'],
      ['/images/doctor/default.jpg', doctor, 'image/jpeg'],
    ];
    for (const [url, body, type] of cases) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
      expect(res.rawPayload.equals(body), url).toBe(true);
    }
  });

  it('looks a name up the way it was stored (case and spaces do not matter)', async () => {
    const res = await t.call({ method: 'GET', url: '/api/images/office/Front%20Desk.PNG' });
    expect(res.statusCode).toBe(200);
    const stored = await t.call({ method: 'GET', url: '/api/images/office/front-desk.png' });
    expect(res.rawPayload.equals(stored.rawPayload)).toBe(true);
  });

  it.each([
    '/api/images/office/..%2F..%2Fetc%2Fpasswd',
    '/api/images/office/%2e%2e',
    '/api/images/office/..%5C..%5Cetc%5Cpasswd',
    '/images/office/..%5C..%5Cimages.test.ts',
    '/images/office/..%2F..%2F..%2Fpackage.json',
  ])('a path that climbs out (%s) is a 4xx and never a file', async (url) => {
    const res = await t.call({ method: 'GET', url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('root:');
    expect(res.body).not.toContain('"workspaces"');
  });

  it('an unknown directory is a 400 on the API', async () => {
    const res = await t.call({ method: 'GET', url: '/api/images/etc/passwd' });
    expect(res.statusCode).toBe(400);
  });

  it('files of the built web app are served until an upload of the same name replaces them', async () => {
    const shipped = readFileSync(path.join(webDist, 'images', 'header', 'banner.png'));
    const before = await t.call({ method: 'GET', url: '/images/header/banner.png' });
    expect(before.statusCode).toBe(200);
    expect(before.rawPayload.equals(shipped)).toBe(true);
    const res = await upload(
      tokens.admin,
      { directory: 'header', filename: 'banner.png' },
      { bytes: await solid('png') },
    );
    expect(res.body).toBe('banner.png');
    const after = await t.call({ method: 'GET', url: '/images/header/banner.png' });
    expect(after.headers['content-type']).toBe('image/png');
    expect(after.rawPayload.equals(shipped)).toBe(false);
    // The web app itself is still served beside it.
    const page = await t.call({ method: 'GET', url: '/office' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });

  it('anything under /images that is not an image is a 404', async () => {
    const res = await t.call({ method: 'GET', url: '/images/notes/readme.txt' });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/images/newdir/{directory}/{file} and /api/images/{category}/{file}', () => {
  it('refuses roles without image:delete, and keeps the file', async () => {
    for (const user of ['frontdesk', 'doctor', 'patient']) {
      const res = await t.call({
        method: 'DELETE',
        url: '/api/images/newdir/office/lobby-2.jpg',
        token: tokens[user],
      });
      expect(res.statusCode, user).toBe(403);
      const helper = await t.call({
        method: 'DELETE',
        url: '/api/images/office/lobby-2.jpg',
        token: tokens[user],
      });
      expect(helper.statusCode, user).toBe(403);
    }
    const anonymous = await t.call({ method: 'DELETE', url: '/api/images/newdir/office/lobby-2.jpg' });
    expect(anonymous.statusCode).toBe(401);
    expect(stored('office')).toContain('lobby-2.jpg');
  });

  it('refuses traversal and unknown folders without deleting anything', async () => {
    const snapshot = stored('office');
    for (const url of [
      '/api/images/newdir/office/..%2F..%2Fjwt-secret',
      '/api/images/newdir/office/%2e%2e',
      '/api/images/newdir/..%2F..%2F/x',
      '/api/images/newdir/etc/passwd',
    ]) {
      const res = await t.call({ method: 'DELETE', url, token: tokens.admin });
      // '%2e%2e' may already be folded into '..' by URL parsing, which leaves no route: a 404 then.
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect(stored('office')).toEqual(snapshot);
  });

  it('a manager deletes an image (text answer); it then falls back to the default; a second delete is 404', async () => {
    const res = await t.call({
      method: 'DELETE',
      url: '/api/images/newdir/office/lobby-2.jpg',
      token: tokens.manager,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Deleted lobby-2.jpg');
    expect(stored('office')).not.toContain('lobby-2.jpg');
    const after = await t.call({ method: 'GET', url: '/api/images/office/lobby-2.jpg' });
    expect(after.headers['content-type']).toBe('image/png');
    const again = await t.call({
      method: 'DELETE',
      url: '/api/images/newdir/office/lobby-2.jpg',
      token: tokens.manager,
    });
    expect(again.statusCode).toBe(404);
  });

  it('the per-category helper deletes from its category', async () => {
    const res = await t.call({
      method: 'DELETE',
      url: '/api/images/procedurediagnosis/knee.png',
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(stored('procedurediagnosis')).toEqual([]);
  });
});
