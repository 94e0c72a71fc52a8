import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { OrganizationRef } from '../org/org.graphql.ts';
import { UserRef } from '../user/user.graphql.ts';
import * as blocks from './block.service.ts';

const UserBlockRef = builder.objectRef<blocks.Block>('UserBlock').implement({
  description: 'A person blocked by an account: they may not follow it, star, watch or fork its repositories, nor take part in their issues.',
  fields: (t) => ({
    user: t.field({ type: UserRef, description: 'The person blocked.', resolve: (b) => b.user }),
    note: t.exposeString('note', { description: 'What the blocker noted about the block (empty when nothing).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const UserBlockConnection = builder.connectionObject({
  type: UserBlockRef,
  name: 'UserBlockConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

// The same two fields on people and on organizations (whose GraphQL type is a variant of the same row).
for (const ref of [UserRef, OrganizationRef] as const) {
  builder.objectFields(ref as typeof UserRef, (t) => ({
    blocks: t.connection(
      {
        type: UserBlockRef,
        description: 'The people this account blocks, most recent first; for the account itself (an organization: its owners), FORBIDDEN otherwise.',
        complexity: connectionComplexity,
        resolve: (account, page, ctx) => offsetConnection(page, (window) => blocks.listBlocks(ctx, account, window)),
      },
      UserBlockConnection,
    ),
    isBlocking: t.boolean({
      description: 'Whether this account blocks the person `login`; NOT_FOUND when there is no such account. For those who see its blocks.',
      args: { login: t.arg.string({ required: true }) },
      resolve: (account, { login }, ctx) => blocks.isBlocking(ctx, account, login),
    }),
  }));
}

builder.mutationFields((t) => ({
  blockUser: t.field({
    type: UserBlockRef,
    description:
      'The signed-in account blocks a person. Both stop following each other, ' +
      "starring and watching each other's repositories, being assigned to and collaborating on them; pending transfers between them are cancelled.",
    tokenScope: 'write:user',
    args: { login: t.arg.string({ required: true }), note: t.arg.string() },
    resolve: (_root, { login, note }, ctx) => blocks.blockUser(ctx, null, login, note),
  }),
  blockUserForOrganization: t.field({
    type: UserBlockRef,
    description: 'An organization the signed-in account owns blocks a person (not one of its members), with what blockUser undoes.',
    tokenScope: 'write:organization',
    args: { organization: t.arg.string({ required: true }), login: t.arg.string({ required: true }), note: t.arg.string() },
    resolve: (_root, { login, note, organization }, ctx) => blocks.blockUser(ctx, organization, login, note),
  }),
  unblockUserForOrganization: t.field({
    type: UserRef,
    description: 'Lifts a block of an organization the signed-in account owns; the person unblocked.',
    tokenScope: 'write:organization',
    args: { organization: t.arg.string({ required: true }), login: t.arg.string({ required: true }) },
    resolve: (_root, { login, organization }, ctx) => blocks.unblockUser(ctx, organization, login),
  }),
  unblockUser: t.field({
    type: UserRef,
    description: 'Lifts a block of the signed-in account; the person unblocked.',
    tokenScope: 'write:user',
    args: { login: t.arg.string({ required: true }) },
    resolve: (_root, { login }, ctx) => blocks.unblockUser(ctx, null, login),
  }),
}));
