import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import type { Commit } from '../../git/objects.ts';
import { GitActor } from '../commit/commit.graphql.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { WIKI_PAGE_FIELDS } from './wiki.inputs.ts';
import * as wikis from './wiki.service.ts';

/**
 * Wikis in the graph: `Repository.wiki` (its pages, one page by name, each page's revisions) and the mutations
 * that create, edit (and rename) and delete pages. Readable by whoever may read the repository's wiki unit.
 */

const WikiRevisionRef = builder.objectRef<Commit>('WikiRevision').implement({
  description: 'A commit of a wiki.',
  fields: (t) => ({
    oid: t.exposeString('oid'),
    message: t.exposeString('message'),
    author: t.field({ type: GitActor, resolve: (c) => c.author }),
    committer: t.field({ type: GitActor, resolve: (c) => c.committer }),
  }),
});

const WikiRevisionConnection = builder.connectionObject({
  type: WikiRevisionRef,
  name: 'WikiRevisionConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

export const WikiPageRef = builder.objectRef<wikis.WikiPageView>('WikiPage').implement({
  description: 'A page of a wiki: a Markdown file at the root of the wiki repository.',
  fields: (t) => ({
    title: t.string({ description: 'The title people read ("Home Page").', resolve: (p) => wikis.pageTitle(p) }),
    subUrl: t.string({ description: 'The name in URLs ("Home-Page"), as Gitea escapes it.', resolve: (p) => p.webPath }),
    fileName: t.string({ description: 'The file in the wiki repository ("Home-Page.md").', resolve: (p) => p.gitPath }),
    contentBase64: t.string({
      description: 'The content, base64; empty above the API blob size limit.',
      resolve: (p, _args, ctx) => wikis.pageContent(ctx, p),
    }),
    sidebar: t.string({ description: 'The content of the wiki\'s _Sidebar page, base64 (empty when there is none).', resolve: (p, _a, ctx) => wikis.sidePageContent(ctx, p.wiki, 'sidebar') }),
    footer: t.string({ description: 'The content of the wiki\'s _Footer page, base64 (empty when there is none).', resolve: (p, _a, ctx) => wikis.sidePageContent(ctx, p.wiki, 'footer') }),
    commitCount: t.int({ description: 'How many commits changed the page (one git process per page: ask it of single pages).', resolve: (p) => wikis.pageCommitCount(p) }),
    lastCommit: t.field({
      type: WikiRevisionRef,
      nullable: true,
      description: 'The newest commit that changed the page. All pages of a list are found in one history walk.',
      resolve: (p, _args, ctx) => ctx.loaders.lastCommit.load({ gitDir: p.wiki.gitDir, commit: p.wiki.commit, path: p.gitPath }),
    }),
    revisions: t.connection(
      {
        type: WikiRevisionRef,
        description: 'The commits that changed the page, newest first.',
        complexity: connectionComplexity,
        resolve: (p, args) => offsetConnection(args, (window) => wikis.pageRevisions(p, window)),
      },
      WikiRevisionConnection,
    ),
  }),
});

const WikiPageConnection = builder.connectionObject({
  type: WikiPageRef,
  name: 'WikiPageConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

const WikiRef = builder.objectRef<wikis.WikiView>('Wiki').implement({
  description: "A repository's wiki: a git repository of its own, cloned at <repository>.wiki.git.",
  fields: (t) => ({
    branch: t.exposeString('branch', { description: 'The branch pages are read from and written to.' }),
    commitOid: t.exposeString('commit', { description: 'The commit the branch points at.' }),
    pages: t.connection(
      {
        type: WikiPageRef,
        description: 'The pages, in the order of the files in the tree.',
        complexity: connectionComplexity,
        resolve: (wiki, args) => offsetConnection(args, (window) => wikis.listPages(wiki, window)),
      },
      WikiPageConnection,
    ),
    page: t.field({
      type: WikiPageRef,
      nullable: true,
      description: 'A page by the name in its URL (subUrl) or its title; null when there is none.',
      args: { name: t.arg.string({ required: true }) },
      resolve: (wiki, { name }, ctx) => lookup(ctx, () => wikis.findPage(wiki, name), () => `wiki page "${name}" does not exist`),
    }),
  }),
});

builder.objectFields(RepositoryRef, (t) => ({
  wiki: t.field({
    type: WikiRef,
    nullable: true,
    tokenScope: 'read:repository',
    description: 'The wiki, for readers of the wiki unit; null while it has no page, when it is switched off or not readable.',
    resolve: async (repo, _args, ctx) => {
      const full = await withOwner(ctx, repo);
      return lookup(
        ctx,
        async () => ((await wikis.canReadWiki(ctx, full)) ? wikis.openWiki(ctx, full) : null),
        () => `repository ${full.owner.login}/${full.name} has no wiki`,
      );
    },
  }),
}));

const WikiPageInput = inputFromTable('WikiPageInput', WIKI_PAGE_FIELDS);

const WikiPagePayload = builder.objectRef<wikis.WikiWriteResult>('WikiPagePayload').implement({
  description: 'The page as a write left it (null after a delete).',
  fields: (t) => ({
    repository: t.field({ type: RepositoryRef, resolve: (r) => r.repo }),
    page: t.field({ type: WikiPageRef, nullable: true, resolve: (r) => r.page }),
  }),
});


builder.mutationFields((t) => ({
  createWikiPage: t.field({
    type: WikiPagePayload,
    description: 'Creates a wiki page (write access to the wiki), creating the wiki with its first page.',
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: WikiPageInput, required: true }) },
    resolve: (_root, { owner, name, input }, ctx) => wikis.createPage(ctx, owner, name, input),
  }),
  updateWikiPage: t.field({
    type: WikiPagePayload,
    description: 'Edits a wiki page; a title renames it.',
    tokenScope: 'write:repository',
    args: {
      owner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      page: t.arg.string({ required: true }),
      input: t.arg({ type: WikiPageInput, required: true }),
    },
    resolve: (_root, { owner, name, page, input }, ctx) => wikis.updatePage(ctx, owner, name, page, input),
  }),
  deleteWikiPage: t.field({
    type: WikiPagePayload,
    description: 'Deletes a wiki page.',
    tokenScope: 'write:repository',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), page: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name, page }, ctx) => wikis.deletePage(ctx, owner, name, page),
  }),
}));
