import { builder } from '../../graphql/builder.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import { lookup } from '../../graphql/errors.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { atLeast, CODE_READ, CODE_WRITE, readableRepositoriesWhere, repositoryPermission, satisfies } from '../access/access.service.ts';
import * as repos from './repo.service.ts';
import * as avatars from './avatar.service.ts';
import { searchTopics, type TopicWithCount } from './topics.service.ts';
import { listAccountRepositories, listOwnerRepositories, searchRepositories } from './search.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import { databaseIdOf } from '../../graphql/ids.ts';
import { CREATE_REPOSITORY_FIELDS, EXTERNAL_TRACKER_FIELDS, EXTERNAL_WIKI_FIELDS, INTERNAL_TRACKER_FIELDS, REPOSITORY_EDIT_FIELDS } from './repo.inputs.ts';
import { OBJECT_FORMATS } from './repo.rules.ts';

const ObjectFormatEnum = enumFromValues('ObjectFormat', OBJECT_FORMATS);

const RepositoryPermissions = builder.objectRef<{ admin: boolean; push: boolean; pull: boolean }>('RepositoryPermissions').implement({
  description: "The viewer's rights on a repository.",
  fields: (t) => ({ admin: t.exposeBoolean('admin'), push: t.exposeBoolean('push'), pull: t.exposeBoolean('pull') }),
});

const InternalTracker = builder
  .objectRef<{ enableTimeTracker: boolean; allowOnlyContributorsToTrackTime: boolean; enableIssueDependencies: boolean }>('InternalTracker')
  .implement({
    fields: (t) => ({
      enableTimeTracker: t.exposeBoolean('enableTimeTracker'),
      allowOnlyContributorsToTrackTime: t.exposeBoolean('allowOnlyContributorsToTrackTime'),
      enableIssueDependencies: t.exposeBoolean('enableIssueDependencies'),
    }),
  });

const ExternalTracker = builder.objectRef<{ url: string; format: string; style: string; regexpPattern: string }>('ExternalTracker').implement({
  fields: (t) => ({
    url: t.exposeString('url'),
    format: t.exposeString('format'),
    style: t.exposeString('style'),
    regexpPattern: t.exposeString('regexpPattern'),
  }),
});

inputFromTable('InternalTrackerInput', INTERNAL_TRACKER_FIELDS);
inputFromTable('ExternalTrackerInput', EXTERNAL_TRACKER_FIELDS);
inputFromTable('ExternalWikiInput', EXTERNAL_WIKI_FIELDS);

export const RepositoryRef = builder.prismaNode('Repository', {
  id: { field: 'id' },
  // Every path to a repository (fields, lists, node(id)) needs the read:repository scope.
  readScope: 'read:repository',
  // A node lookup must not reveal a repository the viewer cannot read; a malformed id finds nothing.
  findUnique: (id, ctx) => ({ id: databaseIdOf(id), AND: [readableRepositoriesWhere(ctx.viewer)] }),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    owner: t.field({ type: UserRef, resolve: async (r, _a, ctx) => (await repos.withOwner(ctx, r)).owner }),
    fullName: t.string({ resolve: async (r, _a, ctx) => `${(await repos.withOwner(ctx, r)).owner.login}/${r.name}` }),
    description: t.exposeString('description'),
    website: t.exposeString('website'),
    isPrivate: t.exposeBoolean('isPrivate'),
    isEmpty: t.exposeBoolean('isEmpty'),
    isArchived: t.exposeBoolean('isArchived'),
    archivedAt: t.expose('archivedAt', { type: 'DateTime', nullable: true }),
    isTemplate: t.exposeBoolean('isTemplate'),
    defaultBranch: t.exposeString('defaultBranch'),
    objectFormat: t.field({ type: ObjectFormatEnum, resolve: (r) => r.objectFormat as 'sha1' }),
    topics: t.stringList({ resolve: (r) => repos.topicsOf(r) }),
    topicNames: t.connection(
      {
        type: 'String',
        description: 'Its topics in name order, a page at a time.',
        resolve: (r, page) => offsetConnection<string>(page, async (window) => repos.topicNamesPage(r, window)),
      },
      { name: 'TopicNameConnection', fields: (c) => ({ totalCount: c.int({ resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount }) }) },
    ),
    avatarUrl: t.string({
      description: "Where its avatar image is served; '' when it has none.",
      resolve: (r, _a, ctx) => (r.avatar ? `${ctx.rootUrl}repo-avatars/${encodeURIComponent(r.avatar)}` : ''),
    }),
    sizeKib: t.int({ resolve: (r) => Math.ceil(r.sizeBytes / 1024) }),
    branchCount: t.exposeInt('branchCount'),
    isFork: t.exposeBoolean('isFork'),
    starCount: t.exposeInt('starCount'),
    forkCount: t.exposeInt('forkCount'),
    watchCount: t.exposeInt('watchCount'),
    hasCode: t.exposeBoolean('hasCode'),
    hasIssues: t.exposeBoolean('hasIssues'),
    hasWiki: t.exposeBoolean('hasWiki'),
    hasPullRequests: t.exposeBoolean('hasPullRequests'),
    hasProjects: t.exposeBoolean('hasProjects'),
    hasReleases: t.exposeBoolean('hasReleases'),
    hasPackages: t.exposeBoolean('hasPackages'),
    hasActions: t.exposeBoolean('hasActions'),
    ignoreWhitespaceConflicts: t.exposeBoolean('ignoreWhitespaceConflicts'),
    allowMergeCommits: t.exposeBoolean('allowMergeCommits'),
    allowRebase: t.exposeBoolean('allowRebase'),
    allowRebaseExplicit: t.exposeBoolean('allowRebaseExplicit'),
    allowSquashMerge: t.exposeBoolean('allowSquashMerge'),
    allowFastForwardOnlyMerge: t.exposeBoolean('allowFastForwardOnlyMerge'),
    allowRebaseUpdate: t.exposeBoolean('allowRebaseUpdate'),
    allowManualMerge: t.exposeBoolean('allowManualMerge'),
    autodetectManualMerge: t.exposeBoolean('autodetectManualMerge'),
    defaultDeleteBranchAfterMerge: t.exposeBoolean('defaultDeleteBranchAfterMerge'),
    defaultMergeStyle: t.exposeString('defaultMergeStyle'),
    defaultAllowMaintainerEdit: t.exposeBoolean('defaultAllowMaintainerEdit'),
    projectsMode: t.exposeString('projectsMode'),
    internalTracker: t.field({
      type: InternalTracker,
      resolve: (r) => ({
        enableTimeTracker: r.enableTimeTracker,
        allowOnlyContributorsToTrackTime: r.allowOnlyContributorsToTrackTime,
        enableIssueDependencies: r.enableIssueDependencies,
      }),
    }),
    externalTracker: t.field({
      type: ExternalTracker,
      nullable: true,
      description: 'The external issue tracker that replaces the built-in one, if set.',
      resolve: (r) =>
        r.externalTrackerUrl
          ? { url: r.externalTrackerUrl, format: r.externalTrackerFormat, style: r.externalTrackerStyle, regexpPattern: r.externalTrackerRegexp }
          : null,
    }),
    externalWikiUrl: t.string({ nullable: true, resolve: (r) => r.externalWikiUrl || null }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    htmlUrl: t.string({ resolve: async (r, _a, ctx) => `${ctx.rootUrl}${(await repos.withOwner(ctx, r)).owner.login}/${r.name}` }),
    cloneUrl: t.string({ resolve: async (r, _a, ctx) => `${ctx.rootUrl}${(await repos.withOwner(ctx, r)).owner.login}/${r.name}.git` }),
    apiUrl: t.string({ resolve: async (r, _a, ctx) => `${ctx.rootUrl}api/v1/repos/${(await repos.withOwner(ctx, r)).owner.login}/${r.name}` }),
    viewerPermissions: t.field({
      type: RepositoryPermissions,
      resolve: async (r, _a, ctx) => {
        const permission = await repositoryPermission(ctx, await repos.withOwner(ctx, r));
        return { admin: atLeast(permission.level, 'admin'), push: satisfies(permission, CODE_WRITE), pull: satisfies(permission, CODE_READ) };
      },
    }),
  }),
});

builder.objectField(RepositoryRef, 'parent', (t) =>
  t.field({
    type: RepositoryRef,
    nullable: true,
    // Whoever received the fork may read its parent (when its access allows): a notification's repository is
    // read with the notification scope alone, as in Gitea, and Gitea's repository shape carries the parent.
    readScopeGranted: true,
    description: 'The repository this one was forked from, when the viewer may read it.',
    resolve: async (repo, _a, ctx) => {
      if (!repo.forkId) return null;
      const parent = await ctx.loaders.repositoryById.load(repo.forkId);
      return parent && (await repositoryPermission(ctx, parent)).level !== 'none' ? parent : null;
    },
  }),
);

export const RepositoryConnection = builder.connectionObject({
  type: RepositoryRef,
  name: 'RepositoryConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const RepositoryAffiliationEnum = builder.enumType('RepositoryAffiliation', {
  description: "How an account's repositories are chosen.",
  values: {
    owned: { description: 'Owned by the account (and readable by the viewer).' },
    reachable: {
      description:
        "Every repository the viewer's own account reaches: owned, collaborations, its teams' repositories (owner teams and " +
        'teams with all repositories included), and public ones of private organizations it belongs to. Only for the viewer.',
    },
  } as const,
});

builder.objectField(UserRef, 'repositories', (t) =>
  t.connection(
    {
      type: RepositoryRef,
      description: "The account's repositories; `owned` ones oldest first, `reachable` ones by name.",
      complexity: connectionComplexity,
      args: { affiliation: t.arg({ type: RepositoryAffiliationEnum, defaultValue: 'owned' }) },
      resolve: (user, { affiliation, ...page }, ctx) =>
        offsetConnection(page, (window) => listAccountRepositories(ctx, user, affiliation ?? 'owned', window)),
    },
    RepositoryConnection,
  ),
);

const LanguageBytes = builder.objectRef<{ language: string; bytes: number }>('LanguageBytes').implement({
  fields: (t) => ({ language: t.exposeString('language'), bytes: t.exposeInt('bytes') }),
});

builder.objectField(RepositoryRef, 'languages', (t) =>
  t.field({
    type: [LanguageBytes],
    description: 'Bytes of code per language on the default branch.',
    // Reads the whole tree with git: costly, so lists of repositories can ask for it only a few times.
    complexity: 50,
    resolve: async (repo, _args, ctx) =>
      Object.entries(await repos.repositoryLanguages(ctx, repo)).map(([language, bytes]) => ({ language, bytes })),
  }),
);

const TopicRef = builder.objectRef<TopicWithCount>('Topic').implement({
  description: 'A topic of the site, with the number of repositories carrying it.',
  fields: (t) => ({
    databaseId: t.int({ resolve: (x) => x.topic.id }),
    name: t.string({ resolve: (x) => x.topic.name }),
    repoCount: t.int({ resolve: (x) => x.repoCount }),
    createdAt: t.field({ type: 'DateTime', resolve: (x) => x.topic.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When a repository last took it up or dropped it.', resolve: (x) => x.topic.updatedAt }),
  }),
});

const TopicConnection = builder.connectionObject({
  type: TopicRef,
  name: 'TopicConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.queryFields((t) => ({
  topics: t.connection(
    {
      type: TopicRef,
      description: 'Topics whose name contains `query` (all when empty), most used first.',
      complexity: connectionComplexity,
      tokenScope: 'read:repository',
      args: { query: t.arg.string() },
      resolve: (_root, { query, ...page }, ctx) => offsetConnection(page, (window) => searchTopics(ctx, query, window)),
    },
    TopicConnection,
  ),
  repository: t.field({
    type: RepositoryRef,
    nullable: true,
    description: 'A repository by owner and name; null when it does not exist or the viewer may not see it.',
    tokenScope: 'read:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name }, ctx) =>
      (await lookup(ctx, () => repos.getRepository(ctx, owner, name), () => `repository ${owner}/${name} does not exist`))?.repo ?? null,
  }),
  repositoryById: t.field({
    type: RepositoryRef,
    nullable: true,
    tokenScope: 'read:repository',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, { id }, ctx) => (await lookup(ctx, () => repos.getRepositoryById(ctx, id), () => `repository ${id} does not exist`))?.repo ?? null,
  }),
  repositories: t.connection({
    type: RepositoryRef,
    description: 'Repositories the viewer may read, searched and sorted.',
    complexity: connectionComplexity,
    tokenScope: 'read:repository',
    args: {
      query: t.arg.string(),
      ownerId: t.arg.int(),
      ownerLogin: t.arg.string(),
      includeDescription: t.arg.boolean(),
      topicOnly: t.arg.boolean(),
      isPrivate: t.arg.boolean(),
      isArchived: t.arg.boolean(),
      isTemplate: t.arg.boolean(),
      mode: t.arg.string(),
      sort: t.arg.string(),
      order: t.arg.string(),
    },
    resolve: (_root, { first, after, last, before, ownerLogin, ...search }, ctx) =>
      offsetConnection({ first, after, last, before }, (window) =>
        ownerLogin ? listOwnerRepositories(ctx, ownerLogin, window) : searchRepositories(ctx, search, window),
      ),
  }, RepositoryConnection),
}));

const CreateRepositoryInput = inputFromTable('CreateRepositoryInput', CREATE_REPOSITORY_FIELDS);
const UpdateRepositoryInput = inputFromTable('UpdateRepositoryInput', REPOSITORY_EDIT_FIELDS);

builder.mutationFields((t) => ({
  createRepository: t.field({
    type: RepositoryRef,
    description: "Creates a repository for the viewer, or for `owner` (site admins).",
    tokenScope: 'write:repository',
    args: { owner: t.arg.string(), input: t.arg({ type: CreateRepositoryInput, required: true }) },
    resolve: (_root, { owner, input }, ctx) => repos.createRepository(ctx, owner ?? null, input),
  }),
  updateRepository: t.field({
    type: RepositoryRef,
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: UpdateRepositoryInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) => repos.updateRepository(ctx, owner, name, input),
  }),
  deleteRepository: t.boolean({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name }, ctx) => {
      await repos.deleteRepository(ctx, owner, name);
      return true;
    },
  }),
  setRepositoryAvatar: t.boolean({
    description: 'Sets the avatar of a repository (its admins) from a base64 PNG, JPEG, GIF or WebP image of at most 1 MiB.',
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), image: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name, image }, ctx) => {
      await avatars.setAvatar(ctx, owner, name, image);
      return true;
    },
  }),
  deleteRepositoryAvatar: t.boolean({
    description: 'Removes the avatar of a repository (its admins).',
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name }, ctx) => {
      await avatars.deleteAvatar(ctx, owner, name);
      return true;
    },
  }),
  setRepositoryTopics: t.stringList({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), topics: t.arg.stringList({ required: true }) },
    resolve: (_root, { owner, name, topics }, ctx) => repos.replaceTopics(ctx, owner, name, topics),
  }),
  addRepositoryTopic: t.stringList({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), topic: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name, topic }, ctx) => repos.addTopic(ctx, owner, name, topic),
  }),
  removeRepositoryTopic: t.stringList({
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), topic: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name, topic }, ctx) => repos.removeTopic(ctx, owner, name, topic),
  }),
}));
