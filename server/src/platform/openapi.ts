import * as appointments from '@clinic/contract/appointments';
import * as audit from '@clinic/contract/audit';
import * as auth from '@clinic/contract/auth';
import * as authorizations from '@clinic/contract/authorizations';
import * as calendar from '@clinic/contract/calendar';
import * as captcha from '@clinic/contract/captcha';
import * as clock from '@clinic/contract/clock';
import * as common from '@clinic/contract/common';
import * as content from '@clinic/contract/content';
import * as diagnosisCombiner from '@clinic/contract/diagnosis-combiner';
import * as doctors from '@clinic/contract/doctors';
import * as imageParams from '@clinic/contract/image-params';
import * as insurance from '@clinic/contract/insurance';
import * as insurancePatients from '@clinic/contract/insurance-patients';
import * as inventory from '@clinic/contract/inventory';
import * as mailOutbox from '@clinic/contract/mail-outbox';
import * as messagesOutbox from '@clinic/contract/messages-outbox';
import * as offices from '@clinic/contract/offices';
import * as patientPermissions from '@clinic/contract/patient-permissions';
import * as patientRegistration from '@clinic/contract/patient-registration';
import * as patients from '@clinic/contract/patients';
import type { RouteAccess } from '@clinic/contract/permissions';
import * as points from '@clinic/contract/points';
import * as procedures from '@clinic/contract/procedures';
import * as promotions from '@clinic/contract/promotions';
import * as ratings from '@clinic/contract/ratings';
import * as receipts from '@clinic/contract/receipts';
import * as reports from '@clinic/contract/reports';
import * as selfService from '@clinic/contract/self-service';
import * as timesheets from '@clinic/contract/timesheets';
import * as waitlist from '@clinic/contract/waitlist';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { type ErrorStatus, OPERATIONS } from '../openapi-operations';

/**
 * The OpenAPI document (/api/openapi.json, read by Swagger UI at /api/docs), built by @fastify/swagger from
 * the routes' TypeBox schemas and made into one a partner can generate a client from
 * (docs/decisions/0053-the-api-document.md): each operation's summary and operationId from
 * openapi-operations.ts; the contract's schemas as named components referred to by $ref; the error answers
 * each route can give, derived from what it declares; its security from its declared access. Only the
 * document changes: the routes validate and serialise with their own schema objects, which are never touched.
 */

/** Every contract module with wire schemas: each exported schema becomes a component of that name. */
export const CONTRACT_SCHEMA_MODULES: Record<string, Record<string, unknown>> = {
  appointments,
  audit,
  auth,
  authorizations,
  calendar,
  captcha,
  clock,
  common,
  content,
  'diagnosis-combiner': diagnosisCombiner,
  doctors,
  'image-params': imageParams,
  insurance,
  'insurance-patients': insurancePatients,
  inventory,
  'mail-outbox': mailOutbox,
  'messages-outbox': messagesOutbox,
  offices,
  'patient-permissions': patientPermissions,
  'patient-registration': patientRegistration,
  patients,
  points,
  procedures,
  promotions,
  ratings,
  receipts,
  reports,
  'self-service': selfService,
  timesheets,
  waitlist,
};

const COMPONENTS = '#/components/schemas/';
const ERROR_BODY = 'ErrorBody';
const SECURITY_SCHEME = 'bearer';

/** A TypeBox schema (it carries its kind), as opposed to the other values a contract module exports. */
export const isTypeBoxSchema = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && '~kind' in value;

/**
 * The contract's schemas with their exported names: by identity, and by text for the copies TypeBox makes of
 * one when a property is optional or read-only (`Type.Optional(IsoDate)` is a new object with IsoDate's keys).
 * The first module naming a schema wins (points.ts and receipts.ts share PointsBankIdParams).
 */
class ContractSchemaNames {
  private readonly byIdentity = new Map<object, string>();
  private readonly byText = new Map<string, string>();

  constructor() {
    for (const module of Object.values(CONTRACT_SCHEMA_MODULES)) {
      for (const [name, value] of Object.entries(module)) {
        if (!isTypeBoxSchema(value) || this.byIdentity.has(value)) continue;
        this.byIdentity.set(value, name);
        const text = JSON.stringify(value);
        if (!this.byText.has(text)) this.byText.set(text, name);
      }
    }
  }

  of(schema: object): string | undefined {
    const named = this.byIdentity.get(schema);
    if (named || !('~optional' in schema || '~readonly' in schema)) return named;
    return this.byText.get(JSON.stringify(schema));
  }
}

type Schema = Record<string, unknown>;
/** Keywords whose value is one schema, a list of schemas, or a map of schemas. */
const ONE_SCHEMA = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
]);
const SCHEMA_LIST = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
/** Ajv keywords that are not JSON Schema (ajv-errors' custom messages): left out of the document. */
const AJV_ONLY = new Set(['errorMessage']);

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

/**
 * The document's copy of the schemas: a contract schema met inside another becomes a $ref to its component,
 * and the components met are remembered (with what they refer to) so that the document defines each once.
 */
class DocumentSchemas {
  readonly components: Record<string, Schema> = {};
  private readonly names = new ContractSchemaNames();

  constructor() {
    this.components[ERROR_BODY] = this.copy(common.ErrorBody, true) as Schema;
  }

  /** `schema` as the document shows it; at the top (`inline`) a named schema is written out, not referred to. */
  copy(schema: unknown, inline = false): unknown {
    if (!isObject(schema)) return schema;
    const name = this.names.of(schema);
    if (name && !inline) {
      if (!this.components[name]) {
        // Taken before the copy is made: a schema that refers to itself ends at its $ref.
        this.components[name] = {};
        this.components[name] = this.copy(schema, true) as Schema;
      }
      return { $ref: `${COMPONENTS}${name}` };
    }
    const out: Schema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (AJV_ONLY.has(key)) continue;
      if (ONE_SCHEMA.has(key) && isObject(value)) out[key] = this.copy(value);
      else if (SCHEMA_LIST.has(key) && Array.isArray(value)) out[key] = value.map((s) => this.copy(s));
      else if (SCHEMA_MAP.has(key) && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, s]) => [k, this.copy(s)]));
      } else out[key] = value;
    }
    return out;
  }

  /** A route's response entry: a schema, or `{ description, content: { type: { schema } } }`. */
  response(entry: unknown): unknown {
    if (!isObject(entry) || !isObject(entry.content)) return this.copy(entry);
    const content = Object.fromEntries(
      Object.entries(entry.content).map(([type, media]) => [
        type,
        isObject(media) ? { ...media, schema: this.copy(media.schema) } : media,
      ]),
    );
    return { ...entry, content };
  }
}

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is not valid: a field that fails its schema (validation_failed) or a rule of the call, a NUL character, a body that is not JSON.',
  401: 'No valid sign-in: the bearer token is missing, expired, or its session has ended.',
  403: "The caller's role may not make this call.",
  404: 'No such record, or none the caller may see.',
  409: 'The call conflicts with the records as they are now (taken, in use, changed meanwhile).',
  429: 'Too many calls from this address or for this account; Retry-After says when to try again.',
};

/** The 4xx answers a route can give, from what it declares and what the operation table adds. */
function errorStatuses(
  schema: { params?: unknown },
  config: { access?: RouteAccess; rateLimit?: unknown } | undefined,
  more: readonly ErrorStatus[] = [],
): ErrorStatus[] {
  const access = config?.access;
  // Every route refuses a NUL character in its path or query string (platform/text-guard.ts).
  const statuses = new Set<ErrorStatus>([400, ...more]);
  if (access !== 'public') statuses.add(401);
  if (access !== 'public' && access !== 'authenticated') statuses.add(403);
  if (schema.params) statuses.add(404);
  if (config?.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

function errorResponse(status: ErrorStatus) {
  return {
    description: ERROR_DESCRIPTIONS[status],
    ...(status === 429
      ? { headers: { 'retry-after': { type: 'integer', description: 'seconds to wait' } } }
      : {}),
    content: { 'application/json': { schema: { $ref: `${COMPONENTS}${ERROR_BODY}` } } },
  };
}

/** The operation table's key of a route: `GET /api/office/{id}`. */
export const operationKey = (method: string, url: string) =>
  `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;

interface RouteSchema {
  hide?: boolean;
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
  response?: Record<string, unknown>;
}

/** What the document shows of a route's schema: its copies of the body, parameters and answers. */
type DocumentParts = Pick<RouteSchema, 'body' | 'params' | 'querystring'> & {
  response: Record<string, unknown>;
};

function documentParts(schemas: DocumentSchemas, schema: RouteSchema): DocumentParts {
  const response: Record<string, unknown> = {};
  for (const [status, entry] of Object.entries(schema.response ?? {}))
    response[status] = schemas.response(entry);
  return {
    ...(schema.body ? { body: schemas.copy(schema.body) } : {}),
    // Parameters are written out where they are used (OpenAPI lists them one by one).
    ...(schema.params ? { params: schemas.copy(schema.params, true) } : {}),
    ...(schema.querystring ? { querystring: schemas.copy(schema.querystring, true) } : {}),
    response,
  };
}

/**
 * Registers the document (before the routes). The swagger plugin writes out the components before it meets
 * the routes, so each route's copy, and with it the components it refers to, is made as the route registers.
 */
export async function registerOpenApi(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  const schemas = new DocumentSchemas();
  const parts = new WeakMap<object, DocumentParts>();
  app.addHook('onRoute', (route) => {
    const schema = route.schema as RouteSchema | undefined;
    if (route.url.startsWith('/api/') && schema && !schema.hide && !parts.has(schema)) {
      parts.set(schema, documentParts(schemas, schema));
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Clinic network API',
        version: '1.0.0',
        description:
          'The HTTP calls of the clinic network: the public website, patient self-service and booking, the front ' +
          "desk, the doctors' time clock, the rewards shop and the back office. Sign in at one of the login " +
          'calls and send the token as `Authorization: Bearer <token>`. Every error answers `{ error, message }` ' +
          '(ErrorBody) with its status.',
        license: { name: 'Proprietary', url: `${config.publicUrl}/api/license` },
      },
      servers: [{ url: config.publicUrl, description: 'this installation (PUBLIC_URL)' }],
      components: {
        securitySchemes: { [SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        // The same object the routes' copies fill as they register: read when the document is first built.
        schemas: schemas.components as Record<string, never>,
      },
      security: [{ [SECURITY_SCHEME]: [] }],
    },
    transform: ({ schema, url, route }) => {
      const copied = schema ? parts.get(schema) : undefined;
      if (!copied) return { schema, url };
      // A route without its line in the table is documented without a name: openapi.test.ts fails on it,
      // while /api/openapi.json still answers.
      const operation = OPERATIONS[operationKey(String(route.method), url)];
      const routeConfig = route.config as { access?: RouteAccess; rateLimit?: unknown } | undefined;
      const response = { ...copied.response };
      for (const status of errorStatuses(schema as RouteSchema, routeConfig, operation?.errors)) {
        response[status] ??= errorResponse(status);
      }
      return {
        url,
        schema: {
          ...schema,
          ...copied,
          ...(operation ? { summary: operation.summary, operationId: operation.id } : {}),
          security: routeConfig?.access === 'public' ? [] : [{ [SECURITY_SCHEME]: [] }],
          response,
        },
      };
    },
  });
}
