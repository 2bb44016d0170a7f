import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';

/** A whole number as a path or query string carries it (spaces around it are tolerated, as before). */
const WHOLE_NUMBER = /^\s*[+-]?\d+\s*$/;

type Compiler = FastifySchemaCompiler<TSchema>;

/**
 * TypeBox's validator compiler, with one rule more for the path and the query string: a value the schema
 * wants as an integer must be written as one. TypeBox converts such strings with Math.trunc, so
 * /patientinfo/1.5 read patient 1 and '1e2' read 100; now they are 400 like any other bad value.
 */
export const validatorCompiler: Compiler = (route) => {
  const check = TypeBoxValidatorCompiler(route as Parameters<typeof TypeBoxValidatorCompiler>[0]);
  if (route.httpPart === 'body') return check;
  const integers = integerProperties(route.schema);
  if (integers.length === 0) return check;
  return (value: unknown) => {
    if (value && typeof value === 'object') {
      for (const key of integers) {
        const raw = (value as Record<string, unknown>)[key];
        if (typeof raw === 'string' && !WHOLE_NUMBER.test(raw)) {
          return {
            error: [
              {
                instancePath: `/${key}`,
                keyword: 'type',
                params: { type: 'integer' },
                message: 'must be integer',
              },
            ],
          } as unknown as ReturnType<typeof check>;
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
