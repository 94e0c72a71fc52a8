import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { DocumentedOperation, OpenApiDocument } from './openapi.ts';

/** Request validators from our OpenAPI document: the contract checks its own inputs. */
export interface OperationValidators {
  params: ValidateFunction;
  body?: ValidateFunction;
  bodyRequired: boolean;
  /** Removes the members of a body that are null where the schema does not allow null (see nullPruner). */
  dropNulls?: (body: unknown) => void;
}

function newAjv(coerce: boolean) {
  const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes: coerce ? 'array' : false, useDefaults: false });
  addFormats.default(ajv);
  ajv.addFormat('int64', true);
  ajv.addFormat('int32', true);
  return ajv;
}

/**
 * Request validators from our OpenAPI document, each compiled when its operation is first called: a
 * server holds the code of the operations in use only (compiling all of them at start costs memory and time).
 * Undefined for an operation the document does not have.
 */
export function compileValidators(doc: OpenApiDocument, operations: DocumentedOperation[]): (operationId: string) => OperationValidators | undefined {
  const paramsAjv = newAjv(true);
  const bodyAjv = newAjv(false);
  bodyAjv.addSchema({ $id: 'openapi', components: doc.components });
  const toAjvRef = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));

  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const compiled = new Map<string, OperationValidators>();
  return (operationId) => {
    const known = compiled.get(operationId);
    if (known) return known;
    const op = byId.get(operationId);
    if (!op) return undefined;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const p of op.parameters.filter((p) => p.in === 'path' || p.in === 'query')) {
      properties[p.name] = p.schema ?? {};
      if (p.required) required.push(p.name);
    }
    const params = paramsAjv.compile({ type: 'object', properties, required });
    const bodySchema = op.operation.requestBody?.content['application/json']?.schema;
    const validators = {
      params,
      body: bodySchema ? bodyAjv.compile(toAjvRef(bodySchema) as object) : undefined,
      bodyRequired: !!bodySchema,
      dropNulls: bodySchema ? nullPruner(bodySchema, doc.components.schemas) : undefined,
    };
    compiled.set(operationId, validators);
    return validators;
  };
}

type Schema = Record<string, unknown>;

/** What null handling needs to know of a schema: whether null is a value, and the schemas of what it contains. */
interface NullShape {
  nullable: boolean;
  properties: Map<string, NullShape>;
  additional?: NullShape;
  items?: NullShape;
}

/**
 * Gitea decodes bodies into Go structs, where null leaves a field at its zero value: "not given". Clients
 * rely on it (some send every optional field they know, null when unset). So before validation, a member
 * whose value is null is removed, at any depth, unless its schema is nullable: an optional member becomes
 * absent, a required one is then reported missing, as if it had not been sent. Compiled once per body
 * schema; the body is changed in place (it is the request's own parse).
 */
export function nullPruner(schema: Schema, components: Record<string, unknown>): (body: unknown) => void {
  const byRef = new Map<string, NullShape>();
  const shapeOf = (s: Schema | undefined): NullShape | undefined => {
    if (!s) return undefined;
    if (typeof s.$ref === 'string') {
      const known = byRef.get(s.$ref);
      if (known) return known;
      const shape: NullShape = { nullable: false, properties: new Map() };
      byRef.set(s.$ref, shape); // before filling it: a schema may contain itself
      const target = components[s.$ref.replace('#/components/schemas/', '')] as Schema | undefined;
      if (!target) throw new Error(`unresolved schema ${s.$ref}`);
      return Object.assign(shape, shapeOf(target));
    }
    const shape: NullShape = { nullable: s.nullable === true, properties: new Map() };
    for (const part of (s.allOf as Schema[] | undefined) ?? []) {
      const inner = shapeOf(part)!;
      shape.nullable ||= inner.nullable;
      for (const [name, child] of inner.properties) shape.properties.set(name, child);
      shape.additional ??= inner.additional;
      shape.items ??= inner.items;
    }
    for (const [name, child] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {})) {
      shape.properties.set(name, shapeOf(child)!);
    }
    if (s.additionalProperties && typeof s.additionalProperties === 'object') shape.additional = shapeOf(s.additionalProperties as Schema);
    if (s.items) shape.items = shapeOf(s.items as Schema);
    return shape;
  };
  const root = shapeOf(schema)!;

  const prune = (value: unknown, shape: NullShape | undefined) => {
    if (!shape || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) prune(item, shape.items);
      return;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = shape.properties.get(key) ?? shape.additional;
      if (record[key] === null) {
        if (!child?.nullable) delete record[key];
      } else prune(record[key], child);
    }
  };
  return (body) => prune(body, root);
}

/** A readable sentence for the first validation error, naming the field. */
export function describeValidationError(where: 'body' | 'parameter', error: ErrorObject | undefined): string {
  if (!error) return `invalid ${where}`;
  const field = (error.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return `${where} field "${field ? `${field}.` : ''}${missing}" is required`;
  }
  if (error.keyword === 'enum') {
    return `${where} field "${field}" must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  }
  return field ? `${where} field "${field}" ${error.message}` : `${where} ${error.message}`;
}
