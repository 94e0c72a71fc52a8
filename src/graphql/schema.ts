import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.ts';
// Each domain area registers its types and fields on the builder, and its caches and loaders, before the
// first request (test/layout/registrations.test.ts). Codegen lists their modules: a new area needs no line here.
import './__generated__/areas.ts';

export const schema = builder.toSchema({ sortSchema: false });
export const sortedSchema = lexicographicSortSchema(schema);
