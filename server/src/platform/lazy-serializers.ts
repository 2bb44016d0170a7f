import SerializerSelector, {
  type RouteDefinition,
  type Serializer,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's response serializers (fast-json-stringify), each compiled when its route first answers with
 * that status instead of all of them at start: compiling some 300 of them was a sixth of a server's start
 * (issue 13, fast start). With `eager`, every one compiles at once, as Fastify's own does; the tests run
 * that way so a schema that cannot compile fails at start there, never at a first request in production.
 */
export function lazySerializers({ eager }: { eager: boolean }): SerializerFactory {
  const factory = SerializerSelector();
  return (externalSchemas, serializerOpts) => {
    const compile = factory(externalSchemas, serializerOpts);
    if (eager) return compile;
    return (route: RouteDefinition): Serializer => {
      let serialize: Serializer | undefined;
      return (data) => {
        serialize ??= compile(route);
        return serialize(data);
      };
    };
  };
}
