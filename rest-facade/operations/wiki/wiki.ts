import {
  CreateWikiPageDocument,
  DeleteWikiPageDocument,
  RepositoryWikiPageDocument,
  RepositoryWikiPageRevisionsDocument,
  RepositoryWikiPagesDocument,
  UpdateWikiPageDocument,
  type WikiPageInput,
} from '../../__generated__/graphql.ts';
import { toWikiCommitList, toWikiPage, toWikiPageMetaData } from '../../convert/wiki.ts';
import { created, defineOperation, found, list, noContent, ok, type RequestBody } from '../../operation.ts';
import { fromSnakeCase } from '../../snake-case.ts';

/**
 * Wiki pages (/repos/{owner}/{repo}/wiki/…). A page is named in the path by its sub_url (Home-Page) or its title;
 * bodies are Gitea's CreateWikiPageOptions (title, content_base64, message).
 */

const pageInput = (body: RequestBody<'repoCreateWikiPage'>): WikiPageInput => fromSnakeCase(body, 'WikiPageInput', []);

export const repoGetWikiPages = defineOperation({
  operationId: 'repoGetWikiPages',
  document: RepositoryWikiPagesDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, ...page }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return list(found(repo.wiki).pages, (p) => toWikiPageMetaData(p, repo.htmlUrl));
  },
});

export const repoGetWikiPage = defineOperation({
  operationId: 'repoGetWikiPage',
  document: RepositoryWikiPageDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, page: params.pageName }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toWikiPage(found(found(repo.wiki).page), repo.htmlUrl));
  },
});

export const repoGetWikiPageRevisions = defineOperation({
  operationId: 'repoGetWikiPageRevisions',
  document: RepositoryWikiPageRevisionsDocument,
  paged: true,
  variables: ({ params, page }) => ({ owner: params.owner, name: params.repo, page: params.pageName, ...page }),
  reply: ({ repository }) => {
    const revisions = found(found(found(repository).wiki).page).revisions;
    return { ...ok(toWikiCommitList(revisions)), totalCount: revisions.totalCount };
  },
});

export const repoCreateWikiPage = defineOperation({
  operationId: 'repoCreateWikiPage',
  document: CreateWikiPageDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, input: pageInput(body) }),
  reply: ({ createWikiPage }) => created(toWikiPage(found(createWikiPage.page), createWikiPage.repository.htmlUrl)),
});

export const repoEditWikiPage = defineOperation({
  operationId: 'repoEditWikiPage',
  document: UpdateWikiPageDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, page: params.pageName, input: pageInput(body) }),
  reply: ({ updateWikiPage }) => ok(toWikiPage(found(updateWikiPage.page), updateWikiPage.repository.htmlUrl)),
});

export const repoDeleteWikiPage = defineOperation({
  operationId: 'repoDeleteWikiPage',
  document: DeleteWikiPageDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, page: params.pageName }),
  reply: () => noContent(),
});
