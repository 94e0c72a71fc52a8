import { RepositoryIssueConfigDocument, RepositoryIssueConfigValidationDocument, RepositoryIssueTemplatesDocument } from '../../__generated__/graphql.ts';
import { toIssueConfig, toIssueConfigValidation, toIssueTemplate } from '../../convert/issue-template.ts';
import { defineOperation, found, ok, type Reply } from '../../operation.ts';

/** Gitea tells a client that some files of the template folders are not usable templates, by their count. */
function withWarning(reply: Reply, problems: number): Reply {
  return problems === 0 ? reply : { ...reply, headers: { 'X-Gitea-Warning': `error occurs when parsing issue template: count=${problems}` } };
}

export const repoGetIssueTemplates = defineOperation({
  operationId: 'repoGetIssueTemplates',
  document: RepositoryIssueTemplatesDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => {
    const { templates, problems } = found(repository).issueTemplates;
    return withWarning(ok(templates.map(toIssueTemplate)), problems.length);
  },
});

export const repoGetIssueConfig = defineOperation({
  operationId: 'repoGetIssueConfig',
  document: RepositoryIssueConfigDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(toIssueConfig(found(repository).issueConfig)),
});

export const repoValidateIssueConfig = defineOperation({
  operationId: 'repoValidateIssueConfig',
  document: RepositoryIssueConfigValidationDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => ok(toIssueConfigValidation(found(repository).issueConfigValidation)),
});
