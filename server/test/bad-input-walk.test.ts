import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_REFUSAL } from '../src/platform/text-guard';
import { type ApiDocument, type DocumentSchema, resolveSchema } from './openapi-document';
import { createTestApp, type TestApp } from './test-app';

/**
 * Hostile input at every route of the OpenAPI document (issue 12), sent anonymously and as an admin: a NUL
 * character in each path parameter, each query parameter and each property of a JSON body (PostgreSQL cannot
 * store NUL in text), a number beyond any PostgreSQL integer in each parameter, and a cut-off multipart body
 * for each upload. Every route must answer a 4xx, never a 5xx; a NUL body that gets past sign-in is refused
 * with the text guard's message.
 */
interface Operation {
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: DocumentSchema }> };
}

interface Call {
  method: string;
  url: string;
  payload?: Record<string, unknown> | string;
  headers?: Record<string, string>;
  /** A NUL in a JSON body: past sign-in, the answer must be the text guard's 400. */
  nulBody?: boolean;
  label: string;
}

const NUL = '\u0000';
/** A whole number beyond a PostgreSQL integer (but well within JavaScript's). */
const HUGE = '3000000000';
/** A multipart body cut off in the middle of its first part. */
const BROKEN_MULTIPART =
  '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every hostile call of one operation: NUL in the path, in the query, and in each body property. */
function hostileCalls(document: ApiDocument, path: string, method: string, operation: Operation): Call[] {
  const params = operation.parameters ?? [];
  const pathNames = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = params.filter((p) => p.in === 'query').map((p) => p.name);
  const bodyNames = Object.keys(
    resolveSchema(document, operation.requestBody?.content?.['application/json']?.schema)?.properties ?? {},
  );
  const fill = (value: (name: string) => string) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
  const plainPath = fill(() => '1');
  const calls: Call[] = [];
  const withQuery = (value: string) =>
    `${plainPath}?${queryNames.map((name) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
  if (pathNames.length > 0) {
    calls.push({ method, url: fill(() => `1${NUL}`), label: `${method} ${path} (NUL in the path)` });
    calls.push({ method, url: fill(() => HUGE), label: `${method} ${path} (huge number in the path)` });
  }
  if (queryNames.length > 0) {
    calls.push({ method, url: withQuery(`a${NUL}b`), label: `${method} ${path} (NUL in the query)` });
    calls.push({ method, url: withQuery(HUGE), label: `${method} ${path} (huge number in the query)` });
  }
  if (bodyNames.length > 0) {
    calls.push({
      method,
      url: plainPath,
      payload: Object.fromEntries(bodyNames.map((name) => [name, `a${NUL}b`])),
      nulBody: true,
      label: `${method} ${path} (NUL in the body)`,
    });
  }
  // Uploads are documented as such (the OpenAPI document has no body schema for a multipart form).
  if (operation.description?.startsWith('multipart/form-data')) {
    calls.push({
      method,
      url: plainPath,
      payload: BROKEN_MULTIPART,
      headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      label: `${method} ${path} (broken multipart)`,
    });
  }
  return calls;
}

describe('a NUL character anywhere in a request', () => {
  let t: TestApp;
  let calls: Call[];

  beforeAll(async () => {
    t = await createTestApp();
    const document = t.app.swagger() as ApiDocument;
    calls = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const operation = item[method] as Operation | undefined;
        return operation ? hostileCalls(document, path, method.toUpperCase(), operation) : [];
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('walks a good share of the API, uploads included', () => {
    expect(calls.length).toBeGreaterThan(150);
    expect(calls.filter((c) => c.label.endsWith('(broken multipart)')).length).toBeGreaterThan(0);
  });

  for (const who of ['anonymous', 'admin'] as const) {
    it(`never gets a 5xx, and past sign-in it is refused with a clear 400 (${who})`, async () => {
      const token = who === 'admin' ? await t.login('admin') : undefined;
      const failures: string[] = [];
      for (const call of calls) {
        const res = await t.call({
          method: call.method as 'GET',
          url: call.url,
          token,
          ...(call.payload !== undefined ? { payload: call.payload } : {}),
          ...(call.headers ? { headers: call.headers } : {}),
        });
        if (res.statusCode >= 500)
          failures.push(`${call.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (res.statusCode === 400 && call.nulBody && res.json().message !== NUL_REFUSAL) {
          failures.push(`${call.label}: 400 without the NUL refusal: ${res.body.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('names the problem on a public route, and changes nothing', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/patientinfo/request-reset',
      payload: { username: `patient${NUL}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NUL_REFUSAL);
    const search = await t.call({
      method: 'GET',
      url: `/api/doctorinfo/search?officeId=1&q=${encodeURIComponent(NUL)}`,
    });
    expect(search.statusCode).toBe(400);
  });
});

/**
 * Generated hostile values (fast-check, seeded so a failure replays): for a random operation of the document,
 * every path and query parameter and every body property gets a value of the wrong type, out of range, huge,
 * empty, of odd Unicode (lone surrogates, right-to-left marks, zero-width joiners, emoji) or shaped like an
 * injection; sometimes the body is not an object at all or is sent under another content type. Sent as an admin
 * (past sign-in, so validation and the handlers meet them) and anonymously. No answer may be a 5xx.
 */
describe('generated hostile values at every route', () => {
  const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261124);
  const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 400);
  let t: TestApp;
  let operations: { method: string; path: string; operation: Operation }[];
  let document: ApiDocument;

  beforeAll(async () => {
    t = await createTestApp();
    document = t.app.swagger() as ApiDocument;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const operation = item[method] as Operation | undefined;
        return operation ? [{ method: method.toUpperCase(), path, operation }] : [];
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const oddText = fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1.5',
    '1e309',
    'NaN',
    'Infinity',
    '٣',
    '9'.repeat(40),
    '\u202eevil',
    '\u200d\u200b',
    '\ud800',
    '\udfff\ud800',
    '💥🏥',
    'a'.repeat(5000),
    'null',
    'true',
    '[]',
    '{}',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '%00',
    '2026-02-30',
    '25:61',
  );
  const scalar = fc.oneof(
    oddText,
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
    fc.boolean(),
    fc.constant(null),
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
  );

  /** A URL part of any value: percent-encoded, or raw bytes that are not UTF-8 when it holds a lone surrogate. */
  function urlPart(v: unknown): string {
    const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
    try {
      return encodeURIComponent(text);
    } catch {
      return '%ED%A0%80';
    }
  }

  const hostileCall = fc
    .record({
      index: fc.nat(),
      pathValues: fc.array(value, { minLength: 3, maxLength: 3 }),
      queryValues: fc.array(value, { minLength: 6, maxLength: 6 }),
      bodyValues: fc.array(value, { minLength: 12, maxLength: 12 }),
      bodyShape: fc.constantFrom('object', 'object', 'object', 'array', 'scalar', 'none', 'text'),
      admin: fc.boolean(),
    })
    .map((r) => ({ ...r, index: r.index }));

  it(`never answers a 5xx (${RUNS} generated calls, seed ${SEED})`, async () => {
    const admin = await t.login('admin');
    await fc.assert(
      fc.asyncProperty(hostileCall, async (c) => {
        const { method, path, operation } = operations[c.index % operations.length]!;
        const params = operation.parameters ?? [];
        let p = 0;
        const url = path.replace(/\{[^}]+\}/g, () => urlPart(c.pathValues[p++ % 3]));
        const query = params
          .filter((q) => q.in === 'query')
          .map((q, i) => `${encodeURIComponent(q.name)}=${urlPart(c.queryValues[i % 6])}`)
          .join('&');
        const names = Object.keys(
          resolveSchema(document, operation.requestBody?.content?.['application/json']?.schema)?.properties ??
            {},
        );
        const object = Object.fromEntries(names.map((name, i) => [name, c.bodyValues[i % 12]]));
        const body =
          method === 'GET' || method === 'DELETE' || c.bodyShape === 'none'
            ? undefined
            : c.bodyShape === 'array'
              ? JSON.stringify([object])
              : c.bodyShape === 'scalar'
                ? JSON.stringify(c.bodyValues[0] ?? null)
                : c.bodyShape === 'text'
                  ? 'not json at all'
                  : JSON.stringify(object);
        const res = await t.call({
          method: method as 'GET',
          url: query ? `${url}?${query}` : url,
          ...(c.admin ? { token: admin } : {}),
          ...(body !== undefined
            ? {
                payload: body,
                headers: { 'content-type': c.bodyShape === 'text' ? 'text/plain' : 'application/json' },
              }
            : {}),
        });
        if (res.statusCode >= 500) {
          throw new Error(`${method} ${url}?${query} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000); // a budget for a loaded machine; more runs: BAD_INPUT_RUNS=5000 BAD_INPUT_SEED=<n>
});
