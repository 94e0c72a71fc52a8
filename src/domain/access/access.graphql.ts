import type { Repository, User } from '../../db/models.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { CODE_READ, repositoryPermission, satisfies } from './access.service.ts';

/** Field guard for everything that shows code (commits, trees, contents, branches): the code unit must be readable. */
export async function readsCode(repo: Repository & { owner?: User }, _args: unknown, ctx: GraphQLContext): Promise<boolean> {
  return satisfies(await repositoryPermission(ctx, await withOwner(ctx, repo)), CODE_READ);
}

export const UnitLevel = builder.objectRef<{ unit: string; level: string }>('UnitLevel').implement({
  description: 'An access level on one repository unit.',
  fields: (t) => ({ unit: t.exposeString('unit'), level: t.exposeString('level') }),
});

const RepositoryAccess = builder.objectRef<{ level: string; units: { unit: string; level: string }[] }>('RepositoryAccess').implement({
  description: "The viewer's access to a repository: its overall level and the level on each unit.",
  fields: (t) => ({ level: t.exposeString('level'), units: t.field({ type: [UnitLevel], resolve: (a) => a.units }) }),
});

builder.objectField(RepositoryRef, 'viewerAccess', (t) =>
  t.field({
    type: RepositoryAccess,
    resolve: async (repo, _a, ctx) => {
      const permission = await repositoryPermission(ctx, await withOwner(ctx, repo));
      return { level: permission.level, units: Object.entries(permission.units).map(([unit, level]) => ({ unit, level })) };
    },
  }),
);
