/**
 * Compatibility of our OpenAPI document with a reference one (Gitea's): for every operation both
 * documents have (same method, same path template), the operationId, the parameters and the fields of
 * the success response must match the reference. We may add parameters, fields and operations; we may
 * not drop or retype what the reference has.
 */
import { existsSync, readFileSync } from 'node:fs';
import YAML from 'yaml';

/** The part of an OpenAPI 3 document the checker reads; loose on purpose, so any document fits. */
export interface OpenApiLike {
  paths: Record<string, Record<string, any>>;
  components?: Record<string, any>;
  [key: string]: unknown;
}

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export interface OperationComparison {
  method: string;
  /** The path as the reference spells it. */
  path: string;
  tag: string;
  operationId: string;
  /** One sentence per difference; empty when the operation matches the reference. */
  drift: string[];
}

export interface TagSummary {
  tag: string;
  /** Reference operations with this tag. */
  total: number;
  /** Of those, how many our document has. */
  implemented: number;
  /** Of those, how many drift from the reference. */
  drifting: number;
}

export interface CompatibilityReport {
  /** The operations both documents have, in the reference's order. */
  operations: OperationComparison[];
  tags: TagSummary[];
  total: number;
  implemented: number;
  drifting: number;
  /** Every drift, each prefixed with its operation: the failure message. */
  drifts: string[];
  /** Operations only our document has (extensions; allowed). */
  extensions: string[];
}

/** Reads a JSON or YAML OpenAPI document; undefined when the file does not exist. */
export function loadDocument(file: string): OpenApiLike | undefined {
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  return (file.endsWith('.json') ? JSON.parse(text) : YAML.parse(text)) as OpenApiLike;
}

/** `/users/{username}/tokens/{token}` → `/users/{}/tokens/{}`: path parameters match by position, not name. */
export function pathTemplate(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';
}

/** Follows a local JSON pointer ($ref: "#/components/…") inside a document. */
function lookup(doc: OpenApiLike, ref: string): any {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
  let node: any = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node?.[key];
  }
  if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  return node;
}

/** Resolves a chain of $refs. */
function deref(doc: OpenApiLike, node: any): any {
  const seen = new Set<string>();
  while (node && typeof node === 'object' && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`circular $ref ${node.$ref}`);
    seen.add(node.$ref);
    node = lookup(doc, node.$ref);
  }
  return node;
}

export interface FlatSchema {
  type?: string;
  format?: string;
  properties: Record<string, any>;
  items?: any;
  /** The schema of a map's values (`additionalProperties`), when it has one. */
  additionalProperties?: any;
  /** The $refs this schema came through, to stop on recursive shapes. */
  refs: string[];
}

/** A schema with its $refs resolved and its allOf parts merged. */
export function flatten(doc: OpenApiLike, schema: any): FlatSchema {
  const refs: string[] = [];
  const collect = (node: any): FlatSchema => {
    while (node && typeof node === 'object' && typeof node.$ref === 'string') {
      if (refs.includes(node.$ref)) return { properties: {}, refs };
      refs.push(node.$ref);
      node = lookup(doc, node.$ref);
    }
    const flat: FlatSchema = { type: undefined, properties: {}, items: undefined, refs };
    if (!node || typeof node !== 'object') return flat;
    for (const part of (node.allOf ?? []) as any[]) {
      const sub = collect(part);
      flat.type ??= sub.type;
      flat.format ??= sub.format;
      flat.items ??= sub.items;
      flat.additionalProperties ??= sub.additionalProperties;
      Object.assign(flat.properties, sub.properties);
    }
    if (typeof node.type === 'string') flat.type = node.type;
    if (typeof node.format === 'string') flat.format = node.format;
    if (node.items) flat.items = node.items;
    if (node.additionalProperties && typeof node.additionalProperties === 'object') flat.additionalProperties = node.additionalProperties;
    Object.assign(flat.properties, node.properties ?? {});
    flat.type ??= Object.keys(flat.properties).length ? 'object' : flat.items ? 'array' : undefined;
    return flat;
  };
  return collect(schema);
}

/**
 * Compares a reference schema with ours: same type; for arrays the same items; for objects every
 * reference field present with the same type, recursively. Extra fields in ours are fine.
 */
function compareSchemas(
  reference: OpenApiLike,
  referenceSchema: any,
  ours: OpenApiLike,
  ourSchema: any,
  where: string,
  drift: string[],
  compared: Set<string>,
): void {
  const r = flatten(reference, referenceSchema);
  const o = flatten(ours, ourSchema);
  const pair = `${r.refs.join('>')}|${o.refs.join('>')}`;
  if (r.refs.length && o.refs.length) {
    if (compared.has(pair)) return;
    compared.add(pair);
  }
  if (r.type && o.type !== r.type) {
    drift.push(`${where} is ${o.type ?? 'untyped'} in ours but ${r.type} in the reference`);
    return;
  }
  if (r.type === 'array' && r.items) {
    compareSchemas(reference, r.items, ours, o.items, `${where}[]`, drift, compared);
    return;
  }
  for (const [name, property] of Object.entries(r.properties)) {
    const field = `${where}.${name}`;
    if (!(name in o.properties)) {
      drift.push(`${field} is missing in ours`);
      continue;
    }
    compareSchemas(reference, property, ours, o.properties[name], field, drift, compared);
  }
}

export interface Located {
  method: string;
  path: string;
  item: Record<string, any>;
  operation: Record<string, any>;
}

function operationsOf(doc: OpenApiLike): Located[] {
  const result: Located[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation) result.push({ method, path, item, operation });
    }
  }
  return result;
}

/** Path-level and operation-level parameters, resolved, by "in:name" (the operation's win). */
function parametersOf(doc: OpenApiLike, op: Located): Map<string, any> {
  const byKey = new Map<string, any>();
  for (const raw of [...(op.item.parameters ?? []), ...(op.operation.parameters ?? [])]) {
    const parameter = deref(doc, raw);
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return byKey;
}

/** The first 2xx response: its status and its JSON body schema, if any. */
function successResponse(doc: OpenApiLike, op: Located): { status: string; schema?: any } | undefined {
  const status = Object.keys(op.operation.responses ?? {})
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0];
  if (!status) return undefined;
  return { status, schema: bodySchema(doc, op.operation.responses[status]) };
}

/** The JSON body schema of a response (or of its first media type), if it has one. */
export function bodySchema(doc: OpenApiLike, response: unknown): unknown {
  const content = deref(doc, response)?.content ?? {};
  const media = content['application/json'] ?? Object.values(content)[0];
  return (media as { schema?: unknown } | undefined)?.schema;
}

/** The differences of one operation of ours from the reference's operation at the same method and path. */
export function compareOperation(reference: OpenApiLike, referenceOp: Located, ours: OpenApiLike, ourOp: Located): string[] {
  const drift: string[] = [];
  const referenceId = referenceOp.operation.operationId;
  const ourId = ourOp.operation.operationId;
  if (referenceId !== ourId) drift.push(`operationId is "${ourId}" in ours but "${referenceId}" in the reference`);

  const ourParameters = parametersOf(ours, ourOp);
  for (const [key, parameter] of parametersOf(reference, referenceOp)) {
    const label = `parameter "${parameter.name}" (in ${parameter.in})`;
    const mine = ourParameters.get(key);
    if (!mine) {
      drift.push(`${label} is missing in ours`);
      continue;
    }
    // OpenAPI 3 keeps the type in `schema`; documents converted from Swagger 2 may keep it on the parameter.
    compareSchemas(reference, parameter.schema ?? parameter, ours, mine.schema ?? mine, label, drift, new Set());
  }

  const referenceSuccess = successResponse(reference, referenceOp);
  if (referenceSuccess) {
    const ourResponse = ourOp.operation.responses?.[referenceSuccess.status];
    if (!ourResponse) {
      const documented = Object.keys(ourOp.operation.responses ?? {}).join(', ') || 'none';
      drift.push(`success response ${referenceSuccess.status} is not documented in ours (ours: ${documented})`);
    } else if (referenceSuccess.schema) {
      const ourSchema = bodySchema(ours, ourResponse);
      const where = `response ${referenceSuccess.status} body`;
      if (!ourSchema) drift.push(`${where} has no schema in ours`);
      else compareSchemas(reference, referenceSuccess.schema, ours, ourSchema, where, drift, new Set());
    }
  }
  return drift;
}

/** Compares every operation both documents have; counts what we implement per reference tag. */
export function checkCompatibility(reference: OpenApiLike, ours: OpenApiLike): CompatibilityReport {
  const ourByKey = new Map<string, Located>();
  for (const op of operationsOf(ours)) ourByKey.set(`${op.method} ${pathTemplate(op.path)}`, op);

  const tags = new Map<string, TagSummary>();
  const operations: OperationComparison[] = [];
  const matched = new Set<string>();
  for (const referenceOp of operationsOf(reference)) {
    const tag = (referenceOp.operation.tags as string[] | undefined)?.[0] ?? '(untagged)';
    const summary = tags.get(tag) ?? { tag, total: 0, implemented: 0, drifting: 0 };
    tags.set(tag, summary);
    summary.total++;
    const key = `${referenceOp.method} ${pathTemplate(referenceOp.path)}`;
    const ourOp = ourByKey.get(key);
    if (!ourOp) continue;
    matched.add(key);
    summary.implemented++;
    const drift = compareOperation(reference, referenceOp, ours, ourOp);
    if (drift.length) summary.drifting++;
    operations.push({
      method: referenceOp.method,
      path: referenceOp.path,
      tag,
      operationId: referenceOp.operation.operationId,
      drift,
    });
  }

  const tagList = [...tags.values()].sort((a, b) => a.tag.localeCompare(b.tag));
  const drifts = operations.flatMap((op) =>
    op.drift.map((d) => `${op.method.toUpperCase()} ${op.path} (${op.operationId}): ${d}`),
  );
  const extensions = [...ourByKey.entries()]
    .filter(([key]) => !matched.has(key))
    .map(([, op]) => `${op.method.toUpperCase()} ${op.path} (${op.operation.operationId})`);
  return {
    operations,
    tags: tagList,
    total: tagList.reduce((n, t) => n + t.total, 0),
    implemented: operations.length,
    drifting: operations.filter((op) => op.drift.length).length,
    drifts,
    extensions,
  };
}

/** The printed report: one line per tag, a total, then every drift and every extension. */
export function formatReport(report: CompatibilityReport): string {
  const lines = report.tags.map((t) => `${t.tag}: ${t.implemented} of ${t.total} reference operations implemented, ${t.drifting} drift`);
  lines.push(`total: ${report.implemented} of ${report.total} reference operations implemented, ${report.drifting} drift`);
  if (report.drifts.length) lines.push('drift:', ...report.drifts.map((d) => `  - ${d}`));
  if (report.extensions.length) lines.push('not in the reference (extensions):', ...report.extensions.map((e) => `  - ${e}`));
  return lines.join('\n');
}
