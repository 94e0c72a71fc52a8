import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { DocumentedOperation, OpenApiDocument } from './openapi.ts';

/** Request validators from our OpenAPI document: the contract checks its own inputs. */
export interface OperationValidators {
  params: ValidateFunction;
  body?: ValidateFunction;
  bodyRequired: boolean;
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
    };
    compiled.set(operationId, validators);
    return validators;
  };
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
