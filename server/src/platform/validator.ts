import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';

/** A whole number as a path or query string carries it (spaces around it are tolerated, as before). */
const WHOLE_NUMBER = /^\s*[+-]?\d+\s*$/;
/** Ids and counts in the path and query are PostgreSQL integers: a larger number can only be a mistake. */
const INT4_MAX = 2_147_483_647;

type Compiler = FastifySchemaCompiler<TSchema>;

/**
 * TypeBox's validator compiler, with one rule more for the path and the query string: a value the schema
 * wants as an integer must be written as one. TypeBox converts such strings with Math.trunc, so
 * /patientinfo/1.5 read patient 1 and '1e2' read 100; now they are 400 like any other bad value. Beyond the
 * range of a PostgreSQL integer it is a 400 too, rather than the database's out-of-range error.
 */
export const validatorCompiler: Compiler = (route) => {
  const check = withErrorMessages(
    TypeBoxValidatorCompiler(route as Parameters<typeof TypeBoxValidatorCompiler>[0]),
    route.schema,
  );
  if (route.httpPart === 'body') return check;
  const integers = integerProperties(route.schema);
  if (integers.length === 0) return check;
  return (value: unknown) => {
    if (value && typeof value === 'object') {
      for (const key of integers) {
        const raw = (value as Record<string, unknown>)[key];
        if (typeof raw !== 'string') continue;
        const issue = !WHOLE_NUMBER.test(raw)
          ? { keyword: 'type', params: { type: 'integer' }, message: 'must be integer' }
          : Math.abs(Number(raw)) > INT4_MAX
            ? { keyword: 'maximum', params: { limit: INT4_MAX }, message: `must be at most ${INT4_MAX}` }
            : null;
        if (issue) {
          return { error: [{ instancePath: `/${key}`, ...issue }] } as unknown as ReturnType<typeof check>;
        }
      }
    }
    return check(value);
  };
};

/** The top-level properties of an object schema declared as plain integers. */
function integerProperties(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties;
  if (!properties) return [];
  return Object.entries(properties)
    .filter(([, property]) => property?.type === 'integer')
    .map(([key]) => key);
}

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
}

/**
 * A schema may say in words what its values must be (`errorMessage`, e.g. 'must be a whole number from 1 to
 * 10'): a value it refuses is then described so, instead of by the failed keyword ('must be >= 1'). A missing
 * value keeps its own 'is required'.
 */
function withErrorMessages(check: ReturnType<Compiler>, schema: unknown): ReturnType<Compiler> {
  return (value: unknown) => {
    const result = check(value) as { error?: ValidationIssue[] };
    if (!Array.isArray(result.error)) return result as ReturnType<typeof check>;
    const error = result.error.map((issue) => {
      if (issue.keyword === 'required') return issue;
      const message = errorMessageAt(schema, issue.instancePath ?? '');
      return message === undefined ? issue : { ...issue, message };
    });
    return { error } as unknown as ReturnType<typeof check>;
  };
}

/** The errorMessage of the (object property) schema at a JSON pointer such as '/rating'. */
function errorMessageAt(schema: unknown, pointer: string): string | undefined {
  let node = schema as { properties?: Record<string, unknown>; errorMessage?: unknown } | undefined;
  for (const key of pointer.split('/').slice(1)) {
    node = node?.properties?.[key] as typeof node;
  }
  return pointer !== '' && typeof node?.errorMessage === 'string' ? node.errorMessage : undefined;
}
