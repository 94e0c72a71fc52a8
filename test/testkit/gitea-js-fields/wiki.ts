import type { WikiCommit, WikiCommitList, WikiPage, WikiPageMetaData } from 'gitea-js';
import type { FieldsOf } from '../gitea-js.ts';

/** Gitea's wiki structs (modules/structs/repo_wiki.go): no omitempty; last_commit, author and commiter are pointers. */
export const WIKI_COMMIT: FieldsOf<WikiCommit> = { sha: 'value', author: 'nullable', commiter: 'nullable', message: 'value' };
export const WIKI_PAGE_META: FieldsOf<WikiPageMetaData> = { title: 'value', html_url: 'value', sub_url: 'value', last_commit: 'nullable' };
export const WIKI_PAGE: FieldsOf<WikiPage> = {
  ...WIKI_PAGE_META,
  content_base64: 'value',
  commit_count: 'value',
  sidebar: 'value',
  footer: 'value',
};
export const WIKI_COMMIT_LIST: FieldsOf<WikiCommitList> = { commits: 'value', count: 'value' };
