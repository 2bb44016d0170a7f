import { MSG } from '@clinic/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { looksExecutable, XSS_CORPUS } from './xss-corpus';

let t: TestApp;
let admin: string;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
});
afterAll(async () => {
  await t?.close();
});

interface WireContent {
  id: number;
  title: string;
  content: string;
  font_size: number;
  category: string;
  extraData: string;
  images: string;
  isMarkdown: boolean;
  markdownSource: string;
}

async function save(body: Record<string, unknown>, token = admin): Promise<WireContent> {
  const res = await t.call({ method: 'POST', url: '/api/content/saveContent', token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function rowCount(): Promise<number> {
  return (await t.database.db.selectFrom('contents').select('id').execute()).length;
}

describe('saving and reading content', () => {
  it('POST /saveContent stores a page (fontSize as sent by the editor) and GET /getContent/{id} reads it', async () => {
    const saved = await save({
      title: '  Ankle Sprain Basics ',
      content:
        '<p>Rest, ice and <strong>gentle</strong> motion.</p><img src="/images/content/ankle-1.png" alt="Ankle">',
      fontSize: 18,
      category: 'Injuries',
      extraData: 'Patient Resources',
      images: '/images/content/ankle-1.png, /images/content/ankle-2.png',
      isMarkdown: false,
    });
    expect(saved).toEqual({
      id: expect.any(Number),
      title: 'Ankle Sprain Basics',
      content:
        '<p>Rest, ice and <strong>gentle</strong> motion.</p><img src="/images/content/ankle-1.png" alt="Ankle" loading="lazy" />',
      font_size: 18,
      category: 'Injuries',
      extraData: 'Patient Resources',
      images: '/images/content/ankle-1.png,/images/content/ankle-2.png',
      isMarkdown: false,
      markdownSource: '',
    });
    const read = await t.call({ method: 'GET', url: `/api/content/getContent/${saved.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(saved);
  });

  it('reads font_size as well as fontSize; without either the page is 16 px', async () => {
    expect((await save({ title: 'Sized', content: '', font_size: 22 })).font_size).toBe(22);
    const plain = await save({ title: 'Default size' });
    expect(plain).toMatchObject({ font_size: 16, content: '', category: '', extraData: '', images: '' });
  });

  it('a Markdown page is rendered by marked and sanitised; its source comes back for the editor', async () => {
    const source = '## Warm-up\n\n**Five minutes** of walking, then:\n\n1. Calf raises\n2. Squats\n';
    const saved = await save({ title: 'Warm-up', content: source, isMarkdown: true, fontSize: 16 });
    expect(saved.isMarkdown).toBe(true);
    expect(saved.markdownSource).toBe(source);
    expect(saved.content).toContain('<h2>Warm-up</h2>');
    expect(saved.content).toContain('<strong>Five minutes</strong>');
    expect(saved.content).toContain('<li>Calf raises</li>');
  });

  it('GET /listContent lists every page, the seeded ones too', async () => {
    const res = await t.call({ method: 'GET', url: '/api/content/listContent' });
    expect(res.statusCode).toBe(200);
    const list: WireContent[] = res.json();
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.some((c) => c.title === 'What to Bring to Your First Visit')).toBe(true);
  });

  it('GET /getContent of an unknown id is 404; a bad id is 400', async () => {
    expect((await t.call({ method: 'GET', url: '/api/content/getContent/999999' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/content/getContent/x' })).statusCode).toBe(400);
  });
});

describe('bad input', () => {
  it('is a 400 with a clear message and changes nothing', async () => {
    const before = await rowCount();
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{ title: '   ', content: '<p>x</p>' }, MSG.titleRequired],
      [{ content: '<p>x</p>' }, /title/],
      [{ title: 'x', fontSize: 4 }, /fontSize/],
      [{ title: 'x', fontSize: 200 }, /fontSize/],
      [{ title: 'x', fontSize: '18' }, /fontSize/],
      [{ title: 'x', font_size: 7.5 }, /font_size/],
      [{ title: 'x', isMarkdown: 'yes' }, /isMarkdown/],
      [{ title: 'x', images: 'javascript:alert(1)' }, /images/],
      [{ title: 'x', images: '/images/content/a.png,data:image/png;base64,AAAA' }, /images/],
      [{ title: 'x', images: 'relative.png' }, /images/],
      [{ title: 'x'.repeat(201) }, /title/],
      [{ title: 'x', category: 'c'.repeat(101) }, /category/],
      [{ title: 'x', content: 42 }, /content/],
    ];
    for (const [payload, message] of cases) {
      const res = await t.call({ method: 'POST', url: '/api/content/saveContent', token: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (typeof message === 'string') expect(res.json().message).toBe(message);
      else expect(res.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect(await rowCount()).toBe(before);
  });

  it('search parameters that are too long are refused', async () => {
    const res = await t.call({ method: 'GET', url: `/api/content/search?title=${'x'.repeat(300)}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('updating and deleting', () => {
  it('PUT /updateContent/{id} replaces the given fields, keeps the others, ignores a body id', async () => {
    const saved = await save({
      title: 'Before',
      content: '<p>old</p>',
      fontSize: 18,
      category: 'Cat',
      extraData: 'Menu',
      images: '/images/content/before-1.png',
    });
    const res = await t.call({
      method: 'PUT',
      url: `/api/content/updateContent/${saved.id}`,
      token: manager,
      payload: { id: 1, title: 'After', content: '<p>new <em>text</em></p>', fontSize: 20 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...saved,
      title: 'After',
      content: '<p>new <em>text</em></p>',
      font_size: 20,
    });
    expect((await t.call({ method: 'GET', url: '/api/content/getContent/1' })).json().title).not.toBe(
      'After',
    );

    // The editor sends back the record as received (font_size included).
    const updated = res.json() as WireContent;
    const roundTrip = await t.call({
      method: 'PUT',
      url: `/api/content/updateContent/${saved.id}`,
      token: admin,
      payload: { ...updated, images: '' },
    });
    expect(roundTrip.statusCode).toBe(200);
    expect(roundTrip.json()).toEqual({ ...updated, images: '' });
  });

  it('switching a page to Markdown keeps its text; bad updates change nothing; unknown ids are 404', async () => {
    const saved = await save({ title: 'Switch', content: '<p>Hello <b>there</b></p>' });
    const switched = await t.call({
      method: 'PUT',
      url: `/api/content/updateContent/${saved.id}`,
      token: admin,
      payload: { title: 'Switch', isMarkdown: true },
    });
    expect(switched.json()).toMatchObject({
      isMarkdown: true,
      markdownSource: '<p>Hello <b>there</b></p>',
      content: '<p>Hello <b>there</b></p>',
    });

    const bad = await t.call({
      method: 'PUT',
      url: `/api/content/updateContent/${saved.id}`,
      token: admin,
      payload: { title: '', content: '<p>lost</p>' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.titleRequired);
    expect((await t.call({ method: 'GET', url: `/api/content/getContent/${saved.id}` })).json()).toEqual(
      switched.json(),
    );

    const missing = await t.call({
      method: 'PUT',
      url: '/api/content/updateContent/999999',
      token: admin,
      payload: { title: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('DELETE /deleteContent/{id} removes the page; again is 404', async () => {
    const saved = await save({ title: 'Temporary' });
    const res = await t.call({
      method: 'DELETE',
      url: `/api/content/deleteContent/${saved.id}`,
      token: manager,
    });
    expect(res.statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `/api/content/getContent/${saved.id}` })).statusCode).toBe(
      404,
    );
    const again = await t.call({
      method: 'DELETE',
      url: `/api/content/deleteContent/${saved.id}`,
      token: manager,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('menu structure and search', () => {
  it('GET /menuStructure: top-level name -> category -> [{id, title}], in name order', async () => {
    const a = await save({ title: 'Zeta Page', extraData: 'Menu Test', category: 'Beta' });
    const b = await save({ title: 'Alpha Page', extraData: 'Menu Test', category: 'Beta' });
    const c = await save({ title: 'Other', extraData: 'Menu Test', category: 'Alpha' });
    const d = await save({ title: 'No Menu Name' });
    const res = await t.call({ method: 'GET', url: '/api/content/menuStructure' });
    expect(res.statusCode).toBe(200);
    const menus = res.json();
    const names = Object.keys(menus);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
    expect(menus['Menu Test']).toEqual({
      Alpha: [{ id: c.id, title: 'Other' }],
      Beta: [
        { id: b.id, title: 'Alpha Page' },
        { id: a.id, title: 'Zeta Page' },
      ],
    });
    expect(menus['Patient Resources']['Home Exercise'].length).toBeGreaterThanOrEqual(2);
    // A page without extra data or category still has a place in the menus.
    expect(menus.More.General).toContainEqual({ id: d.id, title: 'No Menu Name' });
  });

  it('GET /search matches each given field, case-insensitively, all together', async () => {
    await save({ title: 'Shoulder 100% Guide', category: 'Upper Body', extraData: 'Search Test' });
    await save({ title: 'Shoulder Taping', category: 'Taping', extraData: 'Search Test' });
    const search = async (query: string) => {
      const res = await t.call({ method: 'GET', url: `/api/content/search?${query}` });
      expect(res.statusCode).toBe(200);
      return (res.json() as WireContent[]).map((c) => c.title);
    };
    expect(await search('title=shoulder&extraData=search%20test')).toEqual([
      'Shoulder 100% Guide',
      'Shoulder Taping',
    ]);
    expect(await search('title=SHOULDER&category=upper')).toEqual(['Shoulder 100% Guide']);
    // % and _ are literal, not wildcards.
    expect(await search('title=100%25')).toEqual(['Shoulder 100% Guide']);
    expect(await search('title=%25%25')).toEqual([]);
    expect(await search('title=no-such-page-anywhere')).toEqual([]);
    expect((await search('')).length).toBe(
      (await t.call({ method: 'GET', url: '/api/content/listContent' })).json().length,
    );
  });
});

describe('who may write', () => {
  it('FRONTDESK, DOCTOR and PATIENT get 403 on every write, and nothing changes', async () => {
    const target = await save({ title: 'Protected page', content: '<p>keep</p>' });
    const before = await rowCount();
    for (const user of ['frontdesk', 'doctor', 'patient']) {
      const token = await t.login(user);
      const calls = [
        { method: 'POST' as const, url: '/api/content/saveContent', payload: { title: 'x' } },
        { method: 'PUT' as const, url: `/api/content/updateContent/${target.id}`, payload: { title: 'x' } },
        { method: 'DELETE' as const, url: `/api/content/deleteContent/${target.id}` },
        { method: 'POST' as const, url: '/api/content/preview', payload: { content: '# x' } },
      ];
      for (const call of calls) {
        const res = await t.call({ ...call, token });
        expect(res.statusCode, `${user} ${call.method} ${call.url}`).toBe(403);
      }
    }
    expect(await rowCount()).toBe(before);
    expect((await t.call({ method: 'GET', url: `/api/content/getContent/${target.id}` })).json()).toEqual(
      target,
    );
  });

  it('without a token writes are 401, reads are public', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/content/saveContent', payload: { title: 'x' } })).statusCode,
    ).toBe(401);
    expect((await t.call({ method: 'DELETE', url: '/api/content/deleteContent/1' })).statusCode).toBe(401);
    for (const url of [
      '/api/content/listContent',
      '/api/content/menuStructure',
      '/api/content/search?title=a',
    ]) {
      expect((await t.call({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('sanitisation', () => {
  it('every payload of the XSS corpus, saved as HTML or Markdown, comes back harmless', async () => {
    for (const payload of XSS_CORPUS) {
      for (const isMarkdown of [false, true]) {
        const saved = await save({
          title: 'XSS probe',
          content: `<p>before</p>${payload}<p>after</p>`,
          isMarkdown,
        });
        expect(looksExecutable(saved.content), `${payload} -> ${saved.content}`).toBeNull();
        const read = (await t.call({ method: 'GET', url: `/api/content/getContent/${saved.id}` })).json();
        expect(looksExecutable(read.content), payload).toBeNull();
        // The text before survives (an unclosed <svg> or <style> may take the rest with it).
        expect(read.content).toContain('before');
      }
    }
  });

  it('HTML that reached the table by another way is sanitised again when served', async () => {
    const row = await t.database.db
      .insertInto('contents')
      .values({ title: 'Imported', content_html: '<p onclick="alert(1)">x</p><script>alert(1)</script>' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = await t.call({ method: 'GET', url: `/api/content/getContent/${row.id}` });
    expect(read.json().content).toBe('<p>x</p>');
    const listed = (await t.call({ method: 'GET', url: '/api/content/listContent' })).json() as WireContent[];
    expect(listed.find((c) => c.id === row.id)?.content).toBe('<p>x</p>');
  });

  it('POST /preview renders and sanitises like a save, without storing anything', async () => {
    const before = await rowCount();
    const res = await t.call({
      method: 'POST',
      url: '/api/content/preview',
      token: manager,
      payload: { content: '**hi** <img src=x onerror=alert(1)>', isMarkdown: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe('<p><strong>hi</strong> </p>\n');
    const html = await t.call({
      method: 'POST',
      url: '/api/content/preview',
      token: manager,
      payload: { content: '<b onmouseover=alert(1)>b</b>' },
    });
    expect(html.json().content).toBe('<b>b</b>');
    expect(await rowCount()).toBe(before);
  });
});
