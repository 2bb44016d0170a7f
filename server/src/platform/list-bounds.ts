import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Every list is bounded (issue 13). A route that answers a JSON array declares how long that array can be:
 * a `limit` query parameter with a maximum (the list pages by key, the next page in a `Link` header), or a
 * `maxItems` on its answer (a list bounded by nature, such as one office's pictures, whose repository asks
 * for no more). A route that declares neither does not start: the server refuses to register it, so no
 * route can make the server hold an unbounded result. While running, an answer longer than its bound is a
 * defect: outside production it fails the call, so every test of the route finds it.
 */

interface SchemaLike {
  type?: unknown;
  maxItems?: unknown;
  anyOf?: unknown;
  oneOf?: unknown;
  properties?: Record<string, SchemaLike | undefined>;
  maximum?: unknown;
}

/** The array forms an answer's schema allows (itself, or members of a union). */
function arrayFormsOf(schema: SchemaLike | undefined): SchemaLike[] {
  if (!schema || typeof schema !== 'object') return [];
  if (schema.type === 'array') return [schema];
  const members = [schema.anyOf, schema.oneOf].flatMap((m) => (Array.isArray(m) ? (m as SchemaLike[]) : []));
  return members.flatMap(arrayFormsOf);
}

/**
 * The most items a route's array answer may hold, `null` when it answers no array, or `undefined` when it
 * answers one without saying how long it may be.
 */
export function listBoundOf(schema: RouteOptions['schema']): number | null | undefined {
  const s = schema as { querystring?: SchemaLike; response?: Record<string, SchemaLike> } | undefined;
  const arrays = arrayFormsOf(s?.response?.[200] ?? s?.response?.['2xx']);
  if (arrays.length === 0) return null;
  const limit = s?.querystring?.properties?.limit?.maximum;
  const maxItems = arrays.map((a) => a.maxItems);
  if (maxItems.every((m) => typeof m === 'number')) {
    const most = Math.max(...(maxItems as number[]));
    return typeof limit === 'number' ? Math.min(most, limit) : most;
  }
  return typeof limit === 'number' ? limit : undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set at registration: the most items the route's array answer may hold. */
    listBound?: number;
  }
}

export function registerListBounds(app: FastifyInstance, options: { strict: boolean }) {
  app.addHook('onRoute', (route) => {
    const bound = listBoundOf(route.schema);
    if (bound === null) return;
    if (bound === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} answers a list with no bound: page it (a limit query parameter with a maximum) or give its answer a maxItems`,
      );
    }
    route.config = { ...(route.config ?? {}), listBound: bound };
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    const bound = request.routeOptions.config.listBound;
    if (bound === undefined || !Array.isArray(payload) || payload.length <= bound) return payload;
    const problem = `${request.method} ${request.routeOptions.url} answered ${payload.length} items, more than its bound of ${bound}`;
    if (options.strict) throw new Error(problem);
    request.log.error(problem);
    return payload.slice(0, bound);
  });
}
