import type { Milestone } from '../../db/models.ts';
import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { enumFromValues, inputFromTable } from '../../graphql/input-fields.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { CREATE_MILESTONE_FIELDS, MILESTONE_STATE_FILTERS, MILESTONE_STATES, UPDATE_MILESTONE_FIELDS } from './milestone.inputs.ts';
import * as milestones from './milestone.service.ts';

const MilestoneStateEnum = enumFromValues('MilestoneState', MILESTONE_STATES);
const MilestoneStateFilterEnum = enumFromValues('MilestoneStateFilter', MILESTONE_STATE_FILTERS, 'Which milestones a list holds: open, closed or all.');

export const MilestoneRef = builder.objectRef<Milestone>('Milestone').implement({
  description: 'A goal of a repository that issues and pull requests are gathered under.',
  readScope: 'read:issue',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    state: t.field({ type: MilestoneStateEnum, resolve: milestones.milestoneState }),
    deadline: t.expose('deadline', { type: 'DateTime', nullable: true, description: 'When it is due; null when it has no deadline.' }),
    closedAt: t.expose('closedAt', { type: 'DateTime', nullable: true, description: 'When it was last closed; null while open.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    openIssueCount: t.int({ resolve: (m) => m.issueCount - m.closedIssueCount }),
    closedIssueCount: t.exposeInt('closedIssueCount'),
  }),
});

const MilestoneConnection = builder.connectionObject({
  type: MilestoneRef,
  name: 'MilestoneConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(RepositoryRef, (t) => ({
  milestones: t.connection(
    {
      type: MilestoneRef,
      description: 'Milestones, soonest deadline first (those without one last). Absent (an error) without read access to issues or pull requests.',
      complexity: connectionComplexity,
      args: {
        state: t.arg({ type: MilestoneStateFilterEnum, description: 'Default: open.' }),
        name: t.arg.string({ description: 'Only milestones whose title contains this, whatever its case.' }),
      },
      resolve: async (repo, { state, name, ...args }, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(args, (window) => milestones.listRepositoryMilestones(ctx, full.owner.login, full.name, window, { state, name }));
      },
    },
    MilestoneConnection,
  ),
  milestone: t.field({
    type: MilestoneRef,
    nullable: true,
    description: 'A milestone by id or, when no milestone has that id, by its exact title.',
    args: { idOrName: t.arg.string({ required: true }) },
    resolve: async (repo, { idOrName }, ctx) => {
      const full = await withOwner(ctx, repo);
      return lookup(ctx, () => milestones.getMilestone(ctx, full.owner.login, full.name, idOrName), () => `milestone "${idOrName}" does not exist`);
    },
  }),
}));

const CreateMilestoneInput = inputFromTable('CreateMilestoneInput', CREATE_MILESTONE_FIELDS);
const UpdateMilestoneInput = inputFromTable('UpdateMilestoneInput', UPDATE_MILESTONE_FIELDS);

builder.mutationFields((t) => {
  /** Every mutation of one milestone names its repository and the milestone (id or title). */
  const target = () => ({
    owner: t.arg.string({ required: true }),
    name: t.arg.string({ required: true }),
    idOrName: t.arg.string({ required: true }),
  });
  return {
    createMilestone: t.field({
      type: MilestoneRef,
      tokenScope: 'write:issue',
      args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), input: t.arg({ type: CreateMilestoneInput, required: true }) },
      resolve: (_root, { owner, name, input }, ctx) => milestones.createMilestone(ctx, owner, name, input),
    }),
    updateMilestone: t.field({
      type: MilestoneRef,
      tokenScope: 'write:issue',
      args: { ...target(), input: t.arg({ type: UpdateMilestoneInput, required: true }) },
      resolve: (_root, { owner, name, idOrName, input }, ctx) => milestones.updateMilestone(ctx, owner, name, idOrName, input),
    }),
    closeMilestone: t.field({
      type: MilestoneRef,
      tokenScope: 'write:issue',
      args: target(),
      resolve: (_root, { owner, name, idOrName }, ctx) => milestones.setMilestoneState(ctx, owner, name, idOrName, 'closed'),
    }),
    reopenMilestone: t.field({
      type: MilestoneRef,
      tokenScope: 'write:issue',
      args: target(),
      resolve: (_root, { owner, name, idOrName }, ctx) => milestones.setMilestoneState(ctx, owner, name, idOrName, 'open'),
    }),
    deleteMilestone: t.boolean({
      tokenScope: 'write:issue',
      args: target(),
      resolve: async (_root, { owner, name, idOrName }, ctx) => {
        await milestones.deleteMilestone(ctx, owner, name, idOrName);
        return true;
      },
    }),
  };
});

// The migration data format (schema/migration/milestone.json), as JSON text.
builder.queryFields((t) => ({
  exportMilestones: t.string({
    description: "A repository's milestones as a JSON array in the migration format (schema/migration/milestone.json).",
    tokenScope: 'read:issue',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: async (_root, { owner, name }, ctx) => JSON.stringify(await milestones.exportMilestones(ctx, owner, name)),
  }),
}));

builder.mutationFields((t) => ({
  importMilestones: t.field({
    type: [MilestoneRef],
    description: 'Adds the milestones of a JSON array in the migration format, all or none; data that does not fit the format is refused (VALIDATION).',
    tokenScope: 'write:issue',
    args: { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), data: t.arg.string({ required: true }) },
    resolve: (_root, { owner, name, data }, ctx) => milestones.importMilestones(ctx, owner, name, data),
  }),
}));
