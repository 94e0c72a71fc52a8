import { isSiteAdmin } from '../../auth/viewer.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { UserRef } from '../user/user.graphql.ts';
import * as emails from './email.service.ts';

export const EmailAddressRef = builder.objectRef<emails.EmailView>('EmailAddress').implement({
  description: "An e-mail address of an account: its primary one (the account's email) or a further one.",
  fields: (t) => ({
    email: t.exposeString('email'),
    primary: t.exposeBoolean('primary'),
    verified: t.exposeBoolean('verified'),
    userDatabaseId: t.exposeInt('userId'),
    login: t.exposeString('login', { description: 'The login of the account holding it.' }),
  }),
});

const EmailAddressConnection = builder.connectionObject({
  type: EmailAddressRef,
  name: 'EmailAddressConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectField(UserRef, 'emails', (t) =>
  t.field({
    type: [EmailAddressRef],
    nullable: true,
    description: 'Every e-mail address of the account, the primary one first; for the account itself and site admins, null for others.',
    tokenScope: 'read:user',
    resolve: (user, _args, ctx) => (ctx.viewer.user?.id === user.id || isSiteAdmin(ctx.viewer) ? emails.emailsOf(ctx, user) : null),
  }),
);

builder.queryFields((t) => ({
  adminEmails: t.connection({
    type: EmailAddressRef,
    complexity: connectionComplexity,
    description: 'Every e-mail address of every person, matched by address, login or full name (site admins).',
    tokenScope: 'read:admin',
    args: { query: t.arg.string() },
    resolve: (_root, { query, ...page }, ctx) => offsetConnection(page, (window) => emails.adminEmails(ctx, query, window)),
  }, EmailAddressConnection),
}));

builder.mutationFields((t) => ({
  addViewerEmails: t.field({
    type: [EmailAddressRef],
    description: "Adds e-mail addresses to the signed-in account, all or none; returns every address of the account.",
    tokenScope: 'write:user',
    args: { emails: t.arg.stringList({ required: true }) },
    resolve: (_root, args, ctx) => emails.addViewerEmails(ctx, args.emails),
  }),
  deleteViewerEmails: t.boolean({
    description: "Removes e-mail addresses from the signed-in account, all or none (not its primary address); true when done.",
    tokenScope: 'write:user',
    args: { emails: t.arg.stringList({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await emails.deleteViewerEmails(ctx, args.emails);
      return true;
    },
  }),
}));
