import type { ScopeCategory } from '../../auth/scopes.ts';
import { allowsScope } from '../../auth/viewer.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Label } from '../../db/models.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { OrganizationRef } from '../org/org.graphql.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { ISSUE_LABELS_FIELDS, LABEL_FIELDS } from './label.inputs.ts';
import * as issueLabels from './issue-labels.service.ts';
import * as labels from './label.service.ts';

export const LabelRef = builder.prismaObject('Label', {
  description: 'A label of a repository, or of an organization (usable on all of its repositories).',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    color: t.exposeString('color', { description: 'A # and six hex digits.' }),
    description: t.exposeString('description'),
    exclusive: t.exposeBoolean('exclusive', { description: 'As it was set; it takes effect only with a scope (see exclusiveScope).' }),
    exclusiveScope: t.string({
      nullable: true,
      description: 'The scope among whose labels an issue carries at most this one: the name up to its last "/", for exclusive labels.',
      resolve: (label) => labels.exclusiveScope(label),
    }),
    isArchived: t.boolean({ resolve: (label) => label.archivedAt !== null }),
    archivedAt: t.expose('archivedAt', { type: 'DateTime', nullable: true }),
    issueCount: t.exposeInt('issueCount', { description: 'Issues and pull requests carrying the label, open or closed.' }),
    closedIssueCount: t.exposeInt('closedIssueCount'),
    openIssueCount: t.int({ resolve: (label) => labels.openIssueCount(label) }),
    apiUrl: t.string({
      description: "The label's address in the REST API.",
      resolve: async (label, _a, ctx) => `${await ownerApiUrl(ctx, label)}/labels/${label.id}`,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

/** The REST address of the label's repository or organization, through the batched loaders (one query per page of labels). */
async function ownerApiUrl(ctx: GraphQLContext, label: Label): Promise<string> {
  if (label.repoId !== null) {
    const repo = await ctx.loaders.repositoryById.load(label.repoId);
    if (!repo) throw notFound(`the repository of label ${label.id} does not exist`);
    return `${ctx.rootUrl}api/v1/repos/${encodeURIComponent(repo.owner.login)}/${encodeURIComponent(repo.name)}`;
  }
  const org = await ctx.loaders.userById.load(label.orgId!);
  if (!org) throw notFound(`the organization of label ${label.id} does not exist`);
  return `${ctx.rootUrl}api/v1/orgs/${encodeURIComponent(org.login)}`;
}

const LabelConnection = builder.connectionObject({
  type: LabelRef,
  name: 'LabelConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(RepositoryRef, (t) => ({
  labels: t.connection(
    {
      type: LabelRef,
      description: "The repository's own labels, by name (its organization's are on Organization.labels); for readers of its issues or pull requests.",
      complexity: connectionComplexity,
      tokenScope: 'read:issue',
      resolve: async (repo, page, ctx) => {
        const withItsOwner = await withOwner(ctx, repo);
        return offsetConnection(page, (window) => labels.listRepositoryLabels(ctx, withItsOwner, window));
      },
    },
    LabelConnection,
  ),
  label: t.field({
    type: LabelRef,
    nullable: true,
    tokenScope: 'read:issue',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (repo, { id }, ctx) => {
      const withItsOwner = await withOwner(ctx, repo);
      return lookup(ctx, () => labels.getRepositoryLabel(ctx, withItsOwner, id), () => `${withItsOwner.owner.login}/${repo.name} has no label ${id}`);
    },
  }),
}));

builder.objectFields(OrganizationRef, (t) => ({
  labels: t.connection(
    {
      type: LabelRef,
      description: "The organization's labels, by name: usable on each of its repositories.",
      complexity: connectionComplexity,
      resolve: (org, page, ctx) => offsetConnection(page, (window) => labels.listOrganizationLabels(ctx, org, window)),
    },
    LabelConnection,
  ),
  label: t.field({
    type: LabelRef,
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (org, { id }, ctx) => lookup(ctx, () => labels.getOrganizationLabel(ctx, org, id), () => `${org.login} has no label ${id}`),
  }),
}));

const LabelInput = inputFromTable('LabelInput', LABEL_FIELDS);

/**
 * The labels' mutations serve both owners: with `repository`, the labels of the repository owner/repository;
 * without, those of the organization `owner`. A token needs what Gitea's routes ask: write:issue for a
 * repository's labels, write:organization for an organization's.
 */
function ownerArgs(where: { owner: string; repository?: string | null }, ctx: GraphQLContext): labels.LabelOwner {
  const category: ScopeCategory = where.repository ? 'issue' : 'organization';
  if (!allowsScope(ctx.viewer, category, 'write')) throw forbidden(`token does not have at least one of required scope(s): [write:${category}]`);
  return where;
}

builder.mutationFields((t) => ({
  createLabel: t.field({
    type: LabelRef,
    description: 'Creates a label of a repository (with `repository`) or of the organization `owner`; name and color are required.',
    args: { owner: t.arg.string({ required: true }), repository: t.arg.string(), input: t.arg({ type: LabelInput, required: true }) },
    resolve: (_root, { input, ...where }, ctx) => labels.createLabel(ctx, ownerArgs(where, ctx), input),
  }),
  updateLabel: t.field({
    type: LabelRef,
    description: 'Changes what the input sets of a label of a repository (with `repository`) or of the organization `owner`.',
    args: { owner: t.arg.string({ required: true }), repository: t.arg.string(), id: t.arg.int({ required: true }), input: t.arg({ type: LabelInput, required: true }) },
    resolve: (_root, { input, id, ...where }, ctx) => labels.updateLabel(ctx, ownerArgs(where, ctx), id, input),
  }),
  deleteLabel: t.boolean({
    description: 'Deletes a label of a repository (with `repository`) or of the organization `owner`, taking it off every issue.',
    args: { owner: t.arg.string({ required: true }), repository: t.arg.string(), id: t.arg.int({ required: true }) },
    resolve: async (_root, { id, ...where }, ctx) => {
      await labels.deleteLabel(ctx, ownerArgs(where, ctx), id);
      return true;
    },
  }),
}));

// ---------------------------------------------------------------------------------------------
// The labels of one issue (read them on Issue.labels)

const IssueLabelsInput = inputFromTable('IssueLabelsInput', ISSUE_LABELS_FIELDS);

builder.mutationFields((t) => {
  const issueArgs = {
    owner: t.arg.string({ required: true }),
    name: t.arg.string({ required: true }),
    number: t.arg.int({ required: true }),
  };
  return {
    addIssueLabels: t.field({
      type: [LabelRef],
      tokenScope: 'write:issue',
      description:
        "Puts labels (the repository's or its organization's, by id or name) on an issue; one of an exclusive scope takes the issue's other label of that scope off. Answers the issue's labels, by name.",
      args: { ...issueArgs, labels: t.arg({ type: IssueLabelsInput, required: true }) },
      resolve: (_root, { owner, name, number, labels }, ctx) => issueLabels.addIssueLabels(ctx, owner, name, number, labels),
    }),
    replaceIssueLabels: t.field({
      type: [LabelRef],
      tokenScope: 'write:issue',
      description: "Makes the named labels an issue's labels (none: takes every label off). Answers the issue's labels, by name.",
      args: { ...issueArgs, labels: t.arg({ type: IssueLabelsInput, required: true }) },
      resolve: (_root, { owner, name, number, labels }, ctx) => issueLabels.replaceIssueLabels(ctx, owner, name, number, labels),
    }),
    removeIssueLabel: t.boolean({
      tokenScope: 'write:issue',
      description: 'Takes one label off an issue; true also when the issue did not carry it.',
      args: { ...issueArgs, id: t.arg.int({ required: true }) },
      resolve: async (_root, { owner, name, number, id }, ctx) => {
        await issueLabels.removeIssueLabel(ctx, owner, name, number, id);
        return true;
      },
    }),
    clearIssueLabels: t.boolean({
      tokenScope: 'write:issue',
      description: 'Takes every label off an issue.',
      args: issueArgs,
      resolve: async (_root, { owner, name, number }, ctx) => {
        await issueLabels.clearIssueLabels(ctx, owner, name, number);
        return true;
      },
    }),
  };
});
