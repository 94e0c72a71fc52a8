import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { IssueRef } from '../issue/issue.graphql.ts';
import { UserConnection, UserRef } from '../user/user.graphql.ts';
import * as subscriptions from './subscription.service.ts';

const IssueSubscriptionChangeRef = builder.objectRef<subscriptions.SubscriptionChange>('IssueSubscriptionChange').implement({
  description: "An account's subscription to an issue after a change was asked for.",
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (c) => c.user }),
    subscribed: t.boolean({ description: 'Whether the account now follows the issue.', resolve: (c) => c.subscribed }),
    changed: t.boolean({ description: 'False when the account already was in that state (automatic subscriptions included).', resolve: (c) => c.changed }),
  }),
});

builder.objectFields(IssueRef, (t) => ({
  subscribers: t.connection(
    {
      type: UserRef,
      description:
        'The accounts that follow the issue: subscribed by hand, or, unless they unsubscribed, its poster, commenters, assignees, the accounts mentioned in it and the watchers of its repository. By id; only accounts the caller may see.',
      complexity: connectionComplexity,
      resolve: (view, args, ctx) => offsetConnection(args, (window) => subscriptions.listIssueSubscribers(ctx, view.issue, window)),
    },
    UserConnection,
  ),
  viewerIsSubscribed: t.boolean({
    description: 'Whether the signed-in account follows the issue, by the rules of `subscribers`; false for anonymous callers.',
    resolve: (view, _args, ctx) => ctx.loaders.viewerIssueSubscribed.load(view.issue),
  }),
}));

builder.mutationFields((t) => ({
  subscribeToIssue: t.field({
    type: IssueSubscriptionChangeRef,
    tokenScope: 'write:issue',
    description: 'Subscribes an account (the caller unless `login` names another; only site administrators may) to an issue.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      login: t.arg.string(),
    },
    resolve: (_root, { owner, name, number, login }, ctx) => subscriptions.setIssueSubscription(ctx, owner, name, number, login ?? null, true),
  }),
  unsubscribeFromIssue: t.field({
    type: IssueSubscriptionChangeRef,
    tokenScope: 'write:issue',
    description: 'Unsubscribes an account (the caller unless `login` names another; only site administrators may) from an issue; this wins over automatic subscriptions.',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      number: t.arg.int({ required: true }),
      login: t.arg.string(),
    },
    resolve: (_root, { owner, name, number, login }, ctx) => subscriptions.setIssueSubscription(ctx, owner, name, number, login ?? null, false),
  }),
}));
