import { readFileSync } from 'node:fs';
import { fromProjectRoot } from '../src/paths.ts';
import YAML from 'yaml';

/** Our OpenAPI document (schema/openapi.yaml): the REST contract, served to clients and used to validate requests. */
export interface OpenApiDocument {
  openapi: string;
  info: { version: string; [key: string]: unknown };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; parameters: Record<string, OpenApiParameter>; responses: Record<string, unknown> };
  [key: string]: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Record<string, unknown>;
  $ref?: string;
}

export interface OpenApiOperation {
  operationId: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
  /** Vendor extensions: x-graft-guard and x-graft-scope (route-table.ts). */
  [extension: `x-${string}`]: unknown;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'] as const;

export const openApiPath = fromProjectRoot('schema', 'openapi.yaml');
export const loadOpenApiDocument = (file: string): OpenApiDocument => YAML.parse(readFileSync(file, 'utf8'));
export const openApiDocument: OpenApiDocument = loadOpenApiDocument(openApiPath);

export interface DocumentedOperation {
  operationId: string;
  method: (typeof HTTP_METHODS)[number];
  path: string;
  operation: OpenApiOperation;
  /** Parameters with $refs resolved. */
  parameters: OpenApiParameter[];
}

export function resolveParameter(doc: OpenApiDocument, parameter: OpenApiParameter): OpenApiParameter {
  if (!parameter.$ref) return parameter;
  const name = parameter.$ref.replace('#/components/parameters/', '');
  const resolved = doc.components.parameters[name];
  if (!resolved) throw new Error(`unresolved parameter ${parameter.$ref}`);
  return resolved;
}

export function documentedOperations(doc: OpenApiDocument = openApiDocument): DocumentedOperation[] {
  const result: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []).map((p) => resolveParameter(doc, p));
      result.push({ operationId: operation.operationId, method, path, operation, parameters });
    }
  }
  return result;
}
