import { inputFields } from './__generated__/graphql.ts';

/**
 * REST bodies name fields in snake_case (has_issues), GraphQL inputs in camelCase (hasIssues): most of a body
 * becomes its GraphQL input by that rename alone, so the rename is written once, here, and the field names
 * come from the schema (the generated `inputFields`).
 */

type InputName = keyof typeof inputFields;
type FieldOf<I extends InputName> = (typeof inputFields)[I][number];

type CamelCase<S> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}` ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}` : S;

/** Fields of input `I` whose REST name the body does not have: they must be excepted, so each is a decision. */
type Unnamed<I extends InputName, Body> = { [F in FieldOf<I>]: SnakeCase<F> extends keyof Body ? never : F }[FieldOf<I>];

type EveryUnnamedExcepted<I extends InputName, Body, E> = [Exclude<Unnamed<I, Body>, E>] extends [never]
  ? unknown
  : { 'fields without a REST name, to except': Exclude<Unnamed<I, Body>, E> };

export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The fields of GraphQL input `input` that `body` gives, read from their snake_case names, except those in
 * `except` (fields REST names or reads otherwise, or not at all; every field the body has no name for must be
 * among them). Fields the body leaves out stay out, and nothing else of the body is read.
 */
export function fromSnakeCase<Body extends object, I extends InputName, const E extends FieldOf<I> = never>(
  body: Body,
  input: I,
  except: readonly E[] & EveryUnnamedExcepted<I, Body, E>,
): { [K in keyof Body as CamelCase<K> extends Exclude<FieldOf<I>, E> ? CamelCase<K> : never]: Body[K] } {
  const values: Record<string, unknown> = {};
  for (const field of inputFields[input] as readonly string[]) {
    const value = (body as Record<string, unknown>)[snakeCase(field)];
    if (value !== undefined && !(except as readonly string[]).includes(field)) values[field] = value;
  }
  return values as never;
}
