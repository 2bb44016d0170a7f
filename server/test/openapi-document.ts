/** Reading the app's OpenAPI document in tests, where its schemas refer to named components. */

export interface DocumentSchema {
  $ref?: string;
  type?: string;
  maxItems?: number;
  maximum?: number;
  anyOf?: DocumentSchema[];
  properties?: Record<string, unknown>;
}

export interface ApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, DocumentSchema> };
}

/** The schema itself, or the component a `$ref` names. */
export function resolveSchema(
  document: ApiDocument,
  schema: DocumentSchema | undefined,
): DocumentSchema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolveSchema(document, document.components.schemas[name]);
}
