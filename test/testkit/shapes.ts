/**
 * Checks a live JSON response against a response schema of the reference document (Gitea's): every
 * property the schema names is present, of the schema's JSON type, recursively through nested objects,
 * array items and map values; `format: date-time` strings are RFC 3339 times. Null is accepted only where
 * Gitea's Go field is a pointer (or `any`): elsewhere Gitea writes the zero value, and clients rely on it.
 */
import { flatten, type OpenApiLike } from './compatibility.ts';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Every way `value` departs from `schema` (a schema of `doc`), one sentence each; empty when it fits. `pointers`
 * names the fields Gitea declares as pointers ("Schema.property", array items "Schema.property[]"; each area lists
 * its own in test/rest/fixtures/<area>.ts): with untyped ones (Go's any), the only places where null may stand.
 */
export function shapeProblems(doc: OpenApiLike, schema: unknown, value: unknown, where = 'body', pointers: ReadonlySet<string> = new Set()): string[] {
  const problems: string[] = [];
  const check = (node: unknown, v: unknown, at: string, field: string | undefined) => {
    const flat = flatten(doc, node);
    if (flat.type === undefined) return; // untyped (Go's any): anything goes, null included
    if (v === null) {
      if (!field || !pointers.has(field)) problems.push(`${at} is null, but Gitea's field is no pointer: it sends the zero value`);
      return;
    }
    switch (flat.type) {
      case 'string':
        if (typeof v !== 'string') problems.push(`${at} is ${jsonType(v)}, not string`);
        else if (flat.format === 'date-time' && (!RFC3339.test(v) || Number.isNaN(Date.parse(v)))) problems.push(`${at} is "${v}", not an RFC 3339 time`);
        return;
      case 'integer':
        if (!Number.isInteger(v)) problems.push(`${at} is ${jsonType(v)} ${JSON.stringify(v)}, not integer`);
        return;
      case 'number':
      case 'boolean':
        if (typeof v !== flat.type) problems.push(`${at} is ${jsonType(v)}, not ${flat.type}`);
        return;
      case 'array':
        if (!Array.isArray(v)) problems.push(`${at} is ${jsonType(v)}, not array`);
        else v.forEach((item, i) => check(flat.items, item, `${at}[${i}]`, field && `${field}[]`));
        return;
      case 'object': {
        if (jsonType(v) !== 'object') {
          problems.push(`${at} is ${jsonType(v)}, not object`);
          return;
        }
        const record = v as Record<string, unknown>;
        const name = flat.refs[0]?.split('/').pop();
        for (const [property, propertySchema] of Object.entries(flat.properties)) {
          if (!(property in record)) problems.push(`${at}.${property} is missing`);
          else check(propertySchema, record[property], `${at}.${property}`, name && `${name}.${property}`);
        }
        if (flat.additionalProperties) {
          for (const [key, item] of Object.entries(record)) {
            if (!(key in flat.properties)) check(flat.additionalProperties, item, `${at}[${JSON.stringify(key)}]`, undefined);
          }
        }
        return;
      }
      default:
        problems.push(`${at}: the schema has type ${flat.type}, which this checker does not know`);
    }
  };
  check(schema, value, where, undefined);
  return problems;
}
