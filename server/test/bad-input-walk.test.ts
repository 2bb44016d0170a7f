import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_REFUSAL } from '../src/platform/text-guard';
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
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
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
function hostileCalls(path: string, method: string, operation: Operation): Call[] {
  const params = operation.parameters ?? [];
  const pathNames = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = params.filter((p) => p.in === 'query').map((p) => p.name);
  const bodyNames = Object.keys(
    operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
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
    const document = t.app.swagger() as { paths: Record<string, Partial<Record<string, Operation>>> };
    calls = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => {
        const operation = item[method];
        return operation ? hostileCalls(path, method.toUpperCase(), operation) : [];
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
