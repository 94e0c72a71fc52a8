import type { components } from '../__generated__/openapi.ts';

/**
 * A REST shape as it goes on the wire. openapi-typescript types an optional member as `x?: T`, but Gitea (and
 * so Graft: null means unset) sends null for a member that has no value. Under RestShape every optional member
 * may also be null, at every depth; required members, member names and value types stay as the document says,
 * so a converter that misspells a member or sends the wrong type still fails to compile.
 */
export type RestShape<T> = T extends readonly (infer Item)[]
  ? RestShape<Item>[]
  : T extends object
    ? { [K in keyof T]: undefined extends T[K] ? RestShape<Exclude<T[K], undefined>> | null | undefined : RestShape<T[K]> }
    : T;

/** The wire shape of a schema of our OpenAPI document, by name: `RestSchema<'User'>`. */
export type RestSchema<Name extends keyof components['schemas']> = RestShape<components['schemas'][Name]>;
