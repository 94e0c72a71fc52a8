import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { parseMarkdown } from '../../markup/markdown.ts';
import { IssueCommentRef } from '../comment/comment.graphql.ts';
import { IssueRef } from '../issue/issue.graphql.ts';
import { ProfileReadmeRef } from '../org/org.graphql.ts';
import { ReleaseRef } from '../release/release.graphql.ts';
import { WikiPageRef } from '../wiki/wiki.graphql.ts';
import { pageContent } from '../wiki/wiki.service.ts';
import { PullRequestRef } from '../pull/pull.graphql.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { PullReviewCommentRef, PullReviewRef } from '../review/review.graphql.ts';
import { RENDER_MARKUP_FIELDS } from './markup.inputs.ts';
import * as markup from './markup.service.ts';

const RenderMarkupInput = inputFromTable('RenderMarkupInput', RENDER_MARKUP_FIELDS);

builder.queryFields((t) => ({
  renderMarkdown: t.string({
    description:
      'A text rendered to safe HTML, as Gitea renders Markdown: GFM, and in gfm, comment and wiki modes emoji shortcodes, @mentions of accounts the caller sees, issue references and commit SHAs of the context\'s repository. A text over markdown.MAX_SIZE bytes is refused (TOO_LARGE).',
    args: { input: t.arg({ type: RenderMarkupInput, required: true }) },
    resolve: (_root, { input }, ctx) => markup.renderMarkup(ctx, input, ctx.rootUrl),
  }),
}));

/**
 * A body in comment mode with its repository's links. CPU only but for the mentions, whose accounts the batched
 * `mentionable` loader looks up: a list of issues costs one statement for all of their mentions.
 */
async function bodyHtml(ctx: GraphQLContext, body: string, repo: RepositoryWithOwner, mode: 'comment' | 'gfm' | 'wiki' = 'comment'): Promise<string> {
  const where = { owner: repo.owner.login, name: repo.name, defaultBranch: repo.defaultBranch };
  const options = mode === 'comment' ? markup.commentOptions(ctx.config, where, ctx.rootUrl) : markup.documentOptions(ctx.config, where, ctx.rootUrl, mode);
  const parsed = parseMarkdown(body, options);
  const names = parsed.mentions.slice(0, markup.MAX_LOOKED_UP_MENTIONS);
  const found = await ctx.loaders.mentionable.loadMany(names);
  const mentionable = new Set(names.filter((_name, i) => found[i] === true));
  return parsed.toHtml((name) => mentionable.has(name));
}

const BODY_HTML = 'The body rendered to safe HTML (comment mode, links into the repository).';

builder.objectFields(IssueRef, (t) => ({
  bodyHtml: t.string({ description: BODY_HTML, resolve: (v, _args, ctx) => bodyHtml(ctx, v.issue.body, v.repo) }),
}));

builder.objectFields(PullRequestRef, (t) => ({
  bodyHtml: t.string({ description: BODY_HTML, resolve: (v, _args, ctx) => bodyHtml(ctx, v.issue.body, v.repo) }),
}));

builder.objectFields(IssueCommentRef, (t) => ({
  bodyHtml: t.string({ description: BODY_HTML, resolve: (v, _args, ctx) => bodyHtml(ctx, v.comment.body, v.issue.repo) }),
}));

builder.objectFields(PullReviewRef, (t) => ({
  bodyHtml: t.string({ description: BODY_HTML, resolve: (v, _args, ctx) => bodyHtml(ctx, v.review.body, v.pull.repo) }),
}));

builder.objectFields(PullReviewCommentRef, (t) => ({
  bodyHtml: t.string({ description: BODY_HTML, resolve: (v, _args, ctx) => bodyHtml(ctx, v.comment.body, v.pull.repo) }),
}));

builder.objectFields(ReleaseRef, (t) => ({
  bodyHtml: t.string({
    description: 'The release notes rendered to safe HTML (gfm, links into the repository).',
    resolve: (v, _args, ctx) => bodyHtml(ctx, v.release.note, v.repo, 'gfm'),
  }),
}));

builder.objectFields(WikiPageRef, (t) => ({
  contentHtml: t.string({
    description: 'The page rendered to safe HTML (wiki mode: links to other pages and files of the wiki); empty above the API blob size limit.',
    resolve: async (p, _args, ctx) => bodyHtml(ctx, Buffer.from(await pageContent(ctx, p), 'base64').toString('utf8'), p.wiki.repo, 'wiki'),
  }),
}));

builder.objectFields(ProfileReadmeRef, (t) => ({
  html: t.string({
    description: 'The README rendered to safe HTML (gfm, links into its repository), as the profile shows it.',
    resolve: (r, _args, ctx) => bodyHtml(ctx, r.text, r.repository, 'gfm'),
  }),
}));
