import { inputFields } from './__generated__/graphql.ts';

/**
 * REST bodies name fields in snake_case (has_issues), GraphQL inputs in camelCase (hasIssues): most of a body
 * becomes its GraphQL input by that rename alone, so the rename is written once, here, and the fields (and the
 * inputs they nest) come from the schema (the generated `inputFields`).
 */

type InputName = keyof typeof inputFields;
type FieldOf<I extends InputName> = keyof (typeof inputFields)[I] & string;
/** The input type field `F` of input `I` nests, or null. */
type NestedOf<I extends InputName, F> = F extends FieldOf<I> ? (typeof inputFields)[I][F] : null;

type CamelCase<S> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}` ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}` : S;
type ElementOf<V> = V extends readonly (infer E)[] ? E : V;

/** A body read into input `I`: each named field renamed, nested inputs (and lists of them) read the same way. */
type Read<V, N> = N extends InputName ? (V extends readonly (infer E)[] ? Read<E, N>[] : V extends object ? FromSnakeCase<V, N, never> : V) : V;
type FromSnakeCase<Body, I extends InputName, E> = {
  [K in keyof Body as CamelCase<K> extends Exclude<FieldOf<I>, E> ? CamelCase<K> : never]: Read<Body[K], NestedOf<I, CamelCase<K>>>;
};

/**
 * Fields of input `I` (and of the inputs it nests, as `field.nested`) that the body has no REST name for, unless
 * excepted: each must be a decision of the caller, so a new GraphQL field is never silently left unread.
 */
type Unnamed<I extends InputName, Body, E> =
  | { [F in Exclude<FieldOf<I>, E>]: SnakeCase<F> extends keyof Body ? never : F }[Exclude<FieldOf<I>, E>]
  | {
      [K in keyof Body]-?: CamelCase<K> extends Exclude<FieldOf<I>, E>
        ? NestedOf<I, CamelCase<K>> extends infer N extends InputName
          ? `${CamelCase<K>}.${Unnamed<N, ElementOf<NonNullable<Body[K]>>, never>}`
          : never
        : never;
    }[keyof Body];

type EveryUnnamedExcepted<I extends InputName, Body, E> = [Unnamed<I, Body, E>] extends [never]
  ? unknown
  : { 'fields without a REST name, to except': Unnamed<I, Body, E> };

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function read(value: unknown, nested: InputName | null): unknown {
  if (!nested || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => read(item, nested));
  return fromSnakeCase(value, nested, [] as never);
}

/**
 * The fields of GraphQL input `input` that `body` gives, read from their snake_case names, nested inputs
 * included, except those in `except` (fields REST names or reads otherwise, or not at all; every field the body
 * has no name for must be among them). Fields the body leaves out stay out, and nothing else of it is read.
 */
export function fromSnakeCase<Body extends object, I extends InputName, const E extends FieldOf<I> = never>(
  body: Body,
  input: I,
  except: readonly E[] & EveryUnnamedExcepted<I, Body, E>,
): FromSnakeCase<Body, I, E> {
  const values: Record<string, unknown> = {};
  for (const [field, nested] of Object.entries(inputFields[input]) as [string, InputName | null][]) {
    const value = (body as Record<string, unknown>)[snakeCase(field)];
    if (value !== undefined && !(except as readonly string[]).includes(field)) values[field] = read(value, nested);
  }
  return values as FromSnakeCase<Body, I, E>;
}
