import type { Badge } from '../../db/models.ts';
import { builder } from '../../graphql/builder.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { CREATE_BADGE_FIELDS } from './badge.inputs.ts';
import * as badges from './badge.service.ts';

const CreateBadgeInput = inputFromTable('CreateBadgeInput', CREATE_BADGE_FIELDS);

export const BadgeRef = builder.objectRef<Badge>('Badge').implement({
  description: 'A badge site administrators award to people.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description'),
    imageUrl: t.exposeString('imageUrl'),
  }),
});

builder.queryFields((t) => ({
  badges: t.field({
    type: [BadgeRef],
    description: 'Every badge, by slug (site administrators).',
    tokenScope: 'read:admin',
    resolve: (_root, _args, ctx) => badges.listBadges(ctx),
  }),
  userBadges: t.field({
    type: [BadgeRef],
    description: 'The badges an account holds, by slug (site administrators).',
    tokenScope: 'read:admin',
    args: { login: t.arg.string({ required: true }) },
    resolve: (_root, { login }, ctx) => badges.userBadges(ctx, login),
  }),
}));

builder.mutationFields((t) => ({
  createBadge: t.field({
    type: BadgeRef,
    description: 'Creates a badge (site administrators); its slug must be free.',
    tokenScope: 'write:admin',
    args: { input: t.arg({ type: CreateBadgeInput, required: true }) },
    resolve: (_root, { input }, ctx) => badges.createBadge(ctx, input),
  }),
  deleteBadge: t.boolean({
    description: 'Deletes a badge and takes it from everyone who held it; true when done.',
    tokenScope: 'write:admin',
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (_root, { slug }, ctx) => {
      await badges.deleteBadge(ctx, slug);
      return true;
    },
  }),
  addUserBadges: t.boolean({
    description: 'Awards badges to an account, all or none (an unknown slug refuses them all); true when done.',
    tokenScope: 'write:admin',
    args: { login: t.arg.string({ required: true }), slugs: t.arg.stringList({ required: true }) },
    resolve: async (_root, { login, slugs }, ctx) => {
      await badges.addUserBadges(ctx, login, slugs);
      return true;
    },
  }),
  removeUserBadges: t.boolean({
    description: 'Takes badges from an account; true when done.',
    tokenScope: 'write:admin',
    args: { login: t.arg.string({ required: true }), slugs: t.arg.stringList({ required: true }) },
    resolve: async (_root, { login, slugs }, ctx) => {
      await badges.removeUserBadges(ctx, login, slugs);
      return true;
    },
  }),
}));
