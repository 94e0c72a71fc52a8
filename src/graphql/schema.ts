import { lexicographicSortSchema } from 'graphql';
import { builder } from './builder.ts';
// Each domain area registers its types and fields on the builder, and its caches and loaders, before the
// first request (test/layout/registrations.test.ts).
import '../domain/user/user.graphql.ts';
import '../domain/user/user.caches.ts';
import '../domain/user/user.loaders.ts';
import '../domain/token/token.graphql.ts';
import '../domain/token/token.caches.ts';
import '../domain/settings/settings.graphql.ts';
import '../domain/repo/repo.graphql.ts';
import '../domain/repo/repo.caches.ts';
import '../domain/repo/repo.loaders.ts';
import '../domain/access/access.graphql.ts';
import '../domain/contents/contents.graphql.ts';
import '../domain/contents/contents.loaders.ts';
import '../domain/commit/commit.graphql.ts';
import '../domain/commit/commit.loaders.ts';
import '../domain/branch/branch.graphql.ts';
import '../domain/branch/branch.caches.ts';
import '../domain/org/org.graphql.ts';
import '../domain/team/team.graphql.ts';
import '../domain/team/team.caches.ts';
import '../domain/team/team.loaders.ts';
import '../domain/collaborator/collaborator.graphql.ts';
import '../domain/label/label.graphql.ts';
import '../domain/social/social.graphql.ts';
import '../domain/social/social.loaders.ts';
import '../domain/fork/fork.graphql.ts';
import '../domain/transfer/transfer.graphql.ts';
import '../domain/transfer/transfer.caches.ts';
import '../domain/transfer/transfer.loaders.ts';
import '../domain/milestone/milestone.graphql.ts';
import '../domain/issue/issue.graphql.ts';

export const schema = builder.toSchema({ sortSchema: false });
export const sortedSchema = lexicographicSortSchema(schema);
