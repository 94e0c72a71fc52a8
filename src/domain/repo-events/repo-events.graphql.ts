import { builder } from '../../graphql/builder.ts';
import { enumFromValues } from '../../graphql/input-fields.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { CommitStatusRef } from '../status/status.graphql.ts';
import { UserRef } from '../user/user.graphql.ts';
import { repositoryEvents, type RefChange, type RepositoryEventKind, type RepositoryEventView } from './repo-events.service.ts';

const KINDS = ['push', 'create', 'delete', 'status'] as const satisfies readonly RepositoryEventKind[];
const RepositoryEventKindEnum = enumFromValues(
  'RepositoryEventKind',
  KINDS,
  "Gitea's webhook events of a repository's code: push (a ref moved or was created with its commits), create and delete (a branch or tag), status (a commit status reported).",
);
const REF_TYPES = ['branch', 'tag'] as const satisfies readonly RefChange['refType'][];
const RefTypeEnum = enumFromValues('RefType', REF_TYPES, 'What a ref is: a branch or a tag.');

const RefChangeRef = builder.objectRef<RefChange>('RefChange').implement({
  description: 'A ref a push created, moved or deleted; before or after is the zero id when the ref was created or deleted.',
  fields: (t) => ({
    ref: t.string({ description: 'The full name: refs/heads/main, refs/tags/v1.', resolve: (c) => c.ref }),
    name: t.string({ description: 'The short name: main, v1.', resolve: (c) => c.name }),
    refType: t.field({ type: RefTypeEnum, resolve: (c) => c.refType }),
    before: t.string({ resolve: (c) => c.before }),
    after: t.string({ resolve: (c) => c.after }),
  }),
});

const RepositoryEventRef = builder.objectRef<RepositoryEventView>('RepositoryEvent').implement({
  description: "A change of a repository's code: a push, a branch or tag created or deleted, or a commit status reported.",
  fields: (t) => ({
    event: t.field({ type: RepositoryEventKindEnum, resolve: (e) => e.event }),
    actor: t.field({ type: UserRef, nullable: true, description: 'Who pushed, changed the ref or reported the status.', resolve: (e, _args, ctx) => (e.actorId === null ? null : ctx.loaders.userById.load(e.actorId)) }),
    repository: t.field({ type: RepositoryRef, description: 'The repository as it is now.', resolve: (e) => e.repo }),
    ref: t.field({ type: RefChangeRef, nullable: true, description: 'For push, create and delete: the ref.', resolve: (e) => e.change }),
    status: t.field({ type: CommitStatusRef, nullable: true, description: 'For status: the status reported.', resolve: (e) => e.status }),
  }),
});

builder.subscriptionFields((t) => ({
  repositoryEvents: t.field({
    type: RepositoryEventRef,
    description: "Live changes of a repository's code (pushes, branches and tags created and deleted, commit statuses), for those who read it (checked at every event).",
    tokenScope: 'read:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    subscribe: (_root, { owner, name }, ctx) => repositoryEvents(ctx, owner, name),
    resolve: (event) => event,
  }),
}));
