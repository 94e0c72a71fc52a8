import type { Team, User } from '../../db/models.ts';
import { builder } from '../../graphql/builder.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { TeamRef } from '../team/team.graphql.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import * as transfers from './transfer.service.ts';

const PendingTransfer = builder
  .objectRef<{ doer: User; recipient: User; teamIds: string; createdAt: Date }>('RepositoryPendingTransfer')
  .implement({
    description: 'A transfer of a repository that waits for its recipient to accept or reject it.',
    fields: (t) => ({
      doer: t.field({ type: UserRef, description: 'Who started the transfer.', resolve: (p) => p.doer }),
      recipient: t.field({ type: UserRef, description: 'The account that will own the repository.', resolve: (p) => p.recipient }),
      teamIds: t.intList({ description: 'Teams of the receiving organization that get the repository.', resolve: (p) => transfers.teamIdsOf(p) }),
      teams: t.field({
        type: [TeamRef],
        description: 'Those teams (the ones that still exist).',
        // Whoever may see the repository may see which teams will get it, as in Gitea: no read:organization needed.
        readScopeGranted: true,
        resolve: async (p, _a, ctx) => {
          const teams = await Promise.all(transfers.teamIdsOf(p).map((id) => ctx.loaders.teamById.load(id)));
          return teams.filter((team): team is Team => team !== null);
        },
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

builder.objectField(RepositoryRef, 'pendingTransfer', (t) =>
  t.field({
    type: PendingTransfer,
    nullable: true,
    description: 'The transfer waiting for its recipient, if any.',
    // Every path to a Repository has checked that the viewer may see it; lists load their transfers at once.
    resolve: (repo, _a, ctx) => ctx.loaders.pendingTransferByRepo.load(repo.id),
  }),
);

const TransferRepositoryPayload = builder.objectRef<{ repo: RepositoryWithOwner; pending: boolean }>('TransferRepositoryPayload').implement({
  fields: (t) => ({
    repository: t.field({ type: RepositoryRef, resolve: (p) => p.repo }),
    pending: t.exposeBoolean('pending', { description: 'True when the recipient still has to accept; false when the transfer is done.' }),
  }),
});

builder.mutationFields((t) => ({
  transferRepository: t.field({
    type: TransferRepositoryPayload,
    description: 'Gives a repository to another account: at once when the viewer may create repositories there, else pending its acceptance.',
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      newOwner: t.arg.string({ required: true }),
      teamIds: t.arg.intList(),
    },
    resolve: (_root, { owner, name, newOwner, teamIds }, ctx) => transfers.transferRepository(ctx, owner, name, { newOwner, teamIds }),
  }),
  acceptRepositoryTransfer: t.field({
    type: RepositoryRef,
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name }, ctx) => transfers.acceptTransfer(ctx, owner, name),
  }),
  rejectRepositoryTransfer: t.field({
    type: RepositoryRef,
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name }, ctx) => transfers.rejectTransfer(ctx, owner, name),
  }),
}));
