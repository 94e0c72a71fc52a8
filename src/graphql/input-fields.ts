import type { EnumRef, InputFieldBuilder, InputFieldRef, InputObjectRef } from '@pothos/core';
import type { FieldSpec, FieldTable, FieldValue } from '../domain/fields.ts';
import { builder } from './builder.ts';

/**
 * GraphQL input types built from the domain's field tables (src/domain/fields.ts), so that an input is declared
 * once: the service's type and the schema's input type come from the same table. Nested tables and enum lists
 * become the input and enum types made from them here (by identity), whatever name they were given.
 */

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type Fields = InputFieldBuilder<Types, 'InputObject'>;

const inputTypes = new Map<FieldTable, InputObjectRef<Types, unknown>>();
/** The names of the input types made here: every input type of the schema is one (test/layout/inputs.test.ts). */
export const inputTypeNamesFromTables = new Set<string>();
const enumTypes = new Map<readonly string[], EnumRef<Types, string>>();

/** A GraphQL enum of a domain list; fields of kind `enum` with that list use it. */
export function enumFromValues<const V extends readonly string[]>(name: string, values: V, description?: string) {
  const ref = builder.enumType(name, { values, description });
  enumTypes.set(values, ref as EnumRef<Types, string>);
  return ref;
}

/** A GraphQL input type with the fields of `table`; fields of other tables that nest this table use it. */
export function inputFromTable<T extends FieldTable>(name: string, table: T, description?: string) {
  const ref = builder.inputType(name, { description, fields: (t) => fieldsFromTable(t, table) });
  inputTypes.set(table, ref as InputObjectRef<Types, unknown>);
  inputTypeNamesFromTables.add(name);
  return ref;
}

function fieldsFromTable<T extends FieldTable>(t: Fields, table: T): { [K in keyof T]: InputFieldRef<Types, FieldValue<T, K>> } {
  return Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, fieldFromSpec(t, name, spec)])) as never;
}

function registered<K, V>(types: Map<K, V>, key: K, field: string): V {
  const type = types.get(key);
  if (!type) throw new Error(`input field "${field}": no GraphQL type was made from its ${Array.isArray(key) ? 'values' : 'table'}`);
  return type;
}

const SCALARS = { string: 'String', boolean: 'Boolean', int: 'Int', dateTime: 'DateTime' } as const;

function typeOf(name: string, spec: FieldSpec) {
  switch (spec.kind) {
    case 'enum':
      return registered(enumTypes, spec.values, name);
    case 'input':
      return registered(inputTypes, spec.fields, name);
    default:
      return SCALARS[spec.kind];
  }
}

function fieldFromSpec(t: Fields, name: string, spec: FieldSpec) {
  const type = typeOf(name, spec);
  return t.field({ required: spec.required ?? false, description: spec.description, type: (spec.list ? [type] : type) as never });
}
