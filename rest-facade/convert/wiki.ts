import type { RestWikiPageFragment, RestWikiPageMetaFragment, RestWikiRevisionFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime } from './time.ts';
import { wikiPageHtmlUrl } from './urls.ts';

/** GraphQL WikiRevision → REST WikiCommit: dates in UTC, and the committer under Gitea's spelling `commiter`. */
export function toWikiCommit(commit: RestWikiRevisionFragment): RestSchema<'WikiCommit'> {
  const user = (who: RestWikiRevisionFragment['author']) => ({ name: who.name, email: who.email, date: restTime(who.date, { utc: true }) });
  return { sha: commit.oid, author: user(commit.author), commiter: user(commit.committer), message: commit.message };
}

/** GraphQL WikiPage → REST WikiPageMetaData; `repoHtmlUrl` is the web page of the wiki's repository. */
export function toWikiPageMetaData(page: RestWikiPageMetaFragment, repoHtmlUrl: string): RestSchema<'WikiPageMetaData'> {
  return {
    title: page.title,
    html_url: wikiPageHtmlUrl(repoHtmlUrl, page.subUrl),
    sub_url: page.subUrl,
    last_commit: page.lastCommit ? toWikiCommit(page.lastCommit) : null,
  };
}

/** GraphQL WikiPage → REST WikiPage: the metadata, the content (base64), the revision count, the sidebar and footer (base64). */
export function toWikiPage(page: RestWikiPageFragment, repoHtmlUrl: string): RestSchema<'WikiPage'> {
  return {
    ...toWikiPageMetaData(page, repoHtmlUrl),
    content_base64: page.contentBase64,
    commit_count: page.commitCount,
    sidebar: page.sidebar,
    footer: page.footer,
  };
}

/** A page of a page's revisions → REST WikiCommitList: the commits and how many there are in all. */
export function toWikiCommitList(revisions: { nodes: RestWikiRevisionFragment[]; totalCount: number }): RestSchema<'WikiCommitList'> {
  return { commits: revisions.nodes.map(toWikiCommit), count: revisions.totalCount };
}
