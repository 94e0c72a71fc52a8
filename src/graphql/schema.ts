import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.ts';
// Each domain area registers its types and fields on the builder.
import '../domain/user/user.graphql.ts';
import '../domain/token/token.graphql.ts';
import '../domain/settings/settings.graphql.ts';
import '../domain/repo/repo.graphql.ts';
import '../domain/access/access.graphql.ts';
import '../domain/contents/contents.graphql.ts';
import '../domain/commit/commit.graphql.ts';
import '../domain/branch/branch.graphql.ts';
import '../domain/org/org.graphql.ts';
import '../domain/team/team.graphql.ts';
import '../domain/collaborator/collaborator.graphql.ts';
import '../domain/social/social.graphql.ts';
import '../domain/fork/fork.graphql.ts';
import '../domain/transfer/transfer.graphql.ts';

export const schema = builder.toSchema({ sortSchema: false });
export const sortedSchema = lexicographicSortSchema(schema);
