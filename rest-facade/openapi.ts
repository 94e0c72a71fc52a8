import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromProjectRoot } from '../src/paths.ts';
import { CORE_SCHEMA, load as parseYaml } from 'js-yaml';

/**
 * Our OpenAPI document, merged from schema/openapi/ (loadOpenApiDocument): the REST contract, served to clients
 * and used to validate requests.
 */
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

/**
 * The document's sources: its head (DOCUMENT_HEAD: openapi, info, security, tags, and the components many areas
 * share) and one `<area>.yaml` per area (as src/domain/<area>), each holding only that area's paths and
 * components, so that operations added in parallel edit different files.
 */
export const openApiDirectory = fromProjectRoot('schema', 'openapi');
export const DOCUMENT_HEAD = 'document.yaml';

/** One file of schema/openapi/, parsed: the head is a whole document, an area's file only `paths` and `components`. */
export interface OpenApiFragment {
  file: string;
  content: { paths?: OpenApiDocument['paths']; components?: Record<string, Record<string, unknown>>; [key: string]: unknown };
}

/**
 * One document from the head and the areas' fragments, in the order given: paths and components keep their
 * order within each fragment. A path's method, or a component, declared by two fragments throws: one would
 * silently replace the other.
 */
export function mergeOpenApiFragments(fragments: OpenApiFragment[]): OpenApiDocument {
  const [head] = fragments;
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, Record<string, unknown>> = {};
  const declaredIn = new Map<string, string>();
  const declare = (what: string, file: string) => {
    const earlier = declaredIn.get(what);
    if (earlier) throw new Error(`schema/openapi: ${what} is declared in ${earlier} and in ${file}`);
    declaredIn.set(what, file);
  };
  for (const fragment of fragments) {
    const { file, content } = fragment;
    const others = Object.keys(content).filter((key) => key !== 'paths' && key !== 'components');
    if (fragment !== head && others.length) {
      throw new Error(`schema/openapi/${file}: an area's file holds only paths and components, not ${others.join(', ')}`);
    }
    for (const [route, item] of Object.entries(content.paths ?? {})) {
      for (const [key, value] of Object.entries(item)) {
        declare(`${key} ${route}`, file);
        (paths[route] ??= {})[key] = value;
      }
    }
    for (const [section, entries] of Object.entries(content.components ?? {})) {
      for (const [name, value] of Object.entries(entries)) {
        declare(`#/components/${section}/${name}`, file);
        (components[section] ??= {})[name] = value;
      }
    }
  }
  return { ...head.content, paths, components } as OpenApiDocument;
}

/**
 * The files of schema/openapi/, parsed: the head, then the areas' files by name. js-yaml reads them about five
 * times faster than the yaml package (every server and test process starts by reading the document), with the
 * YAML 1.2 core schema the document is written in: no dates or other types beyond JSON's.
 */
export function openApiFragments(directory = openApiDirectory): OpenApiFragment[] {
  const areas = readdirSync(directory)
    .filter((file) => file.endsWith('.yaml') && file !== DOCUMENT_HEAD)
    .sort();
  return [DOCUMENT_HEAD, ...areas].map((file) => ({ file, content: parseYaml(readFileSync(path.join(directory, file), 'utf8'), { schema: CORE_SCHEMA, filename: file }) as OpenApiFragment['content'] }));
}

/** The document as schema/openapi/ declares it, a fresh copy each call. */
export const loadOpenApiDocument = (directory = openApiDirectory): OpenApiDocument => mergeOpenApiFragments(openApiFragments(directory));

export const openApiDocument: OpenApiDocument = loadOpenApiDocument();

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
