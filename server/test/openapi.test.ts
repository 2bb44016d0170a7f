import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/openapi-operations';
import { CONTRACT_SCHEMA_MODULES, isTypeBoxSchema, operationKey } from '../src/platform/openapi';
import type { ApiDocument } from './openapi-document';
import { createTestApp, type TestApp } from './test-app';

/**
 * The API document a partner generates a client from (issue 28, docs/decisions/0053): Redocly's recommended
 * rules find nothing in it, every operation has a summary and a unique operationId, the contract's schemas
 * are components referred to by $ref, each route says how it is secured and which errors it answers.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
/** Where the lint reads the document: .redocly.lint-ignore.yaml names its problems by this path. */
const LINTED = path.join(ROOT, '.tmp/openapi/openapi.json');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
/** A production address: the rules rightly warn about a document whose server is localhost. */
const PUBLIC_URL = 'https://clinics.example.net';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
let document: ApiDocument & { info: Record<string, unknown>; servers: { url: string }[] };
let operations: { key: string; operation: Operation }[];

beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { publicUrl: PUBLIC_URL } });
  document = t.app.swagger() as typeof document;
  operations = Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: operationKey(method, url),
      operation: operation as Operation,
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

const accessOf = (key: string) =>
  t.app.routeAccessTable.find((route) => operationKey(route.method, route.url) === key)?.access;

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error and no warning", () => {
    mkdirSync(path.dirname(LINTED), { recursive: true });
    writeFileSync(LINTED, JSON.stringify(document, null, 2));
    const lint = spawnSync(
      process.execPath,
      [REDOCLY, 'lint', '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json', LINTED],
      {
        cwd: ROOT,
        encoding: 'utf8',
        // No telemetry and no update check: the lint needs nothing but the document.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names every operation: a summary and a unique operationId, from the operation table', () => {
    expect(operations.length).toBeGreaterThan(150);
    for (const { key, operation } of operations) {
      expect(operation.summary, key).toBe(OPERATIONS[key]?.summary);
      expect(operation.operationId, key).toMatch(/^[a-z][a-zA-Z0-9]+$/);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tableIds = Object.values(OPERATIONS).map((entry) => entry.id);
    expect(new Set(tableIds).size).toBe(tableIds.length);
    // No entry is left over from a route that is gone.
    expect(Object.keys(OPERATIONS).sort()).toEqual(operations.map(({ key }) => key).sort());
  });

  it('says how each route is secured: none for public routes, a bearer token answering 401 for the others', () => {
    const publicKeys = [
      'POST /api/patientinfo/login',
      'POST /api/doctorinfo/doctor/login',
      'GET /api/health',
      'GET /api/office/all',
      'GET /api/doctorinfo/doctor/all/details',
      'POST /api/patientinfo/register/credentials',
      'POST /api/patientinfo/captcha/new',
      'POST /api/sms/inbound',
    ];
    for (const { key, operation } of operations) {
      const access = accessOf(key);
      expect(access, key).toBeDefined();
      if (access === 'public') {
        expect(operation.security, key).toEqual([]);
      } else {
        expect(operation.security, key).toEqual([{ bearer: [] }]);
        expect(operation.responses['401'], key).toBeDefined();
      }
      // A permission may be refused to the caller's role; a signed-in caller of any role passes 'authenticated'.
      if (access !== 'public' && access !== 'authenticated')
        expect(operation.responses['403'], key).toBeDefined();
    }
    for (const key of publicKeys) {
      expect(operations.find((op) => op.key === key)?.operation.security, key).toEqual([]);
    }
    expect(operations.find((op) => op.key === 'GET /api/appointments/all')?.operation.security).toEqual([
      { bearer: [] },
    ]);
  });

  it('describes each 4xx with the error body the server really sends', async () => {
    for (const { key, operation } of operations) {
      const errors = Object.entries(operation.responses).filter(([status]) => status.startsWith('4'));
      expect(errors.length, key).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        expect(response.content?.['application/json']?.schema, `${key} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
    }
    const body = document.components.schemas.ErrorBody as { properties: Record<string, unknown> };
    // 404 with a path parameter, 401 without a token, 400 for a NUL in the query of a route without one.
    const refusals = [
      await t.call({ method: 'GET', url: '/api/office/999999' }),
      await t.call({ method: 'GET', url: '/api/appointments/all' }),
      await t.call({ method: 'GET', url: '/api/health?x=%00' }),
    ];
    expect(refusals.map((res) => res.statusCode)).toEqual([404, 401, 400]);
    for (const res of refusals) {
      expect(
        Object.keys(res.json()).every((field) => field in body.properties),
        res.body,
      ).toBe(true);
    }
    const login = operations.find((op) => op.key === 'POST /api/patientinfo/login')?.operation;
    expect(Object.keys(login?.responses ?? {})).toEqual(expect.arrayContaining(['401', '429']));
    const office = operations.find((op) => op.key === 'GET /api/office/{id}')?.operation;
    expect(Object.keys(office?.responses ?? {}).sort()).toEqual(['200', '400', '404']);
  });

  it("refers to the contract's schemas by name and never writes out a copy of one", () => {
    const components = document.components.schemas;
    for (const name of ['Office', 'Appointment', 'Patient', 'LoginBody', 'LoginResponse', 'ErrorBody']) {
      expect(components[name], name).toBeDefined();
    }
    const byName = (key: string, at: (op: Operation) => unknown) =>
      at(operations.find((op) => op.key === key)?.operation as Operation);
    expect(
      byName('GET /api/office/{id}', (op) => op.responses['200']?.content?.['application/json']?.schema),
    ).toEqual({
      $ref: '#/components/schemas/Office',
    });
    // Every component's own text appears once, under its name: elsewhere only $refs to it.
    const copies: string[] = [];
    const walk = (value: unknown, where: string) => {
      if (typeof value !== 'object' || value === null) return;
      for (const [name, component] of Object.entries(components)) {
        if (isDeepStrictEqual(value, component)) copies.push(`${where} repeats ${name}`);
      }
      for (const [key, inner] of Object.entries(value)) walk(inner, `${where}/${key}`);
    };
    // Parameters are listed one by one in OpenAPI, so an object of parameters is never a component there.
    walk(
      Object.fromEntries(
        Object.entries(document.paths).map(([url, item]) => [
          url,
          Object.fromEntries(
            Object.entries(item).map(([m, op]) => [m, { ...(op as object), parameters: [] }]),
          ),
        ]),
      ),
      '#/paths',
    );
    for (const [name, component] of Object.entries(components)) {
      for (const [key, inner] of Object.entries(component))
        walk(inner, `#/components/schemas/${name}/${key}`);
    }
    expect(copies).toEqual([]);
  });

  it('knows every contract module that exports schemas', async () => {
    const folder = path.join(ROOT, 'contract/src');
    const withSchemas: string[] = [];
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(path.join(folder, file))) as Record<string, unknown>;
      if (Object.values(module).some(isTypeBoxSchema)) withSchemas.push(file.replace(/\.ts$/, ''));
    }
    expect(Object.keys(CONTRACT_SCHEMA_MODULES).sort()).toEqual(withSchemas.sort());
  });

  it('names its licence and the address it is served at', async () => {
    expect(document.info.license).toEqual({ name: 'Proprietary', url: `${PUBLIC_URL}/api/license` });
    expect(document.servers[0]?.url).toBe(PUBLIC_URL);
    // The licence's address answers with the repository's LICENSE, to anyone.
    const res = await t.app.inject({ method: 'GET', url: '/api/license' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Copyright (c) 2026 Clinic Network. All rights reserved.');
  });
});
