/**
 * Input shapes, declared once. A field table names each field of an input with its kind (and a description
 * where the name does not say enough): services take the values it describes (`InputOf`), and the GraphQL
 * layer builds its input types from the same table (src/graphql/input-fields.ts). Plain data, no GraphQL.
 */

interface FieldBase {
  required?: boolean;
  description?: string;
  /** A list of such values (its items are never null). */
  list?: boolean;
}

export type FieldSpec =
  | (FieldBase & { kind: 'string' | 'boolean' | 'int' | 'dateTime' })
  /** One of `values` (a GraphQL enum of the same list). */
  | (FieldBase & { kind: 'enum'; values: readonly string[] })
  /** A nested input of another table. */
  | (FieldBase & { kind: 'input'; fields: FieldTable });

export interface FieldTable {
  readonly [name: string]: FieldSpec;
}

interface Scalars {
  string: string;
  boolean: boolean;
  int: number;
  dateTime: Date;
}

type ItemOf<F extends FieldSpec> = F extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V
  : F extends { kind: 'input'; fields: infer T extends FieldTable }
    ? InputOf<T>
    : F extends { kind: infer K extends keyof Scalars }
      ? Scalars[K]
      : never;

type ValueOf<F extends FieldSpec> = F extends { list: true } ? ItemOf<F>[] : ItemOf<F>;

type RequiredNames<T extends FieldTable> = { [K in keyof T]: T[K] extends { required: true } ? K : never }[keyof T];

/** Field `K` of table `T` as an input carries it: left out (null, undefined) only when it is not required. */
export type FieldValue<T extends FieldTable, K extends keyof T> = T[K] extends { required: true } ? ValueOf<T[K]> : ValueOf<T[K]> | null | undefined;

/** The values an input of table `T` carries: its required fields always; the others may be left out or null. */
export type InputOf<T extends FieldTable> = {
  [K in RequiredNames<T>]: ValueOf<T[K]>;
} & {
  [K in Exclude<keyof T, RequiredNames<T>>]?: ValueOf<T[K]> | null;
};
