import {
  CreateMilestoneDocument,
  DeleteMilestoneDocument,
  RepositoryMilestoneDocument,
  RepositoryMilestonesDocument,
  UpdateMilestoneDocument,
  type MilestoneState,
  type MilestoneStateFilter,
} from '../../__generated__/graphql.ts';
import { toMilestone } from '../../convert/milestone.ts';
import { knownOr } from '../../lenient.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';

/** Gitea lists open milestones for a state it does not know. */
const stateFilter = (state: string | undefined) => knownOr<MilestoneStateFilter>(state, ['open', 'closed', 'all'], 'open');
/** Gitea's bodies: `closed` closes, any other state opens. */
const bodyState = (state: string | undefined): MilestoneState | null => (state === undefined ? null : state === 'closed' ? 'closed' : 'open');

export const issueGetMilestonesList = defineOperation({
  operationId: 'issueGetMilestonesList',
  document: RepositoryMilestonesDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    state: stateFilter(query.state) ?? null,
    title: query.name || null,
    ...page,
  }),
  reply: ({ repository }) => list(found(repository).milestones, toMilestone),
});

export const issueGetMilestone = defineOperation({
  operationId: 'issueGetMilestone',
  document: RepositoryMilestoneDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, idOrName: params.id }),
  reply: ({ repository }) => ok(toMilestone(found(found(repository).milestone))),
});

export const issueCreateMilestone = defineOperation({
  operationId: 'issueCreateMilestone',
  document: CreateMilestoneDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: { title: body.title, description: body.description ?? null, deadline: body.due_on ?? null, state: bodyState(body.state) },
  }),
  reply: ({ createMilestone }) => created(toMilestone(createMilestone)),
});

export const issueEditMilestone = defineOperation({
  operationId: 'issueEditMilestone',
  document: UpdateMilestoneDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    idOrName: params.id,
    input: { title: body.title ?? null, description: body.description ?? null, deadline: body.due_on ?? null, state: bodyState(body.state) },
  }),
  reply: ({ updateMilestone }) => ok(toMilestone(updateMilestone)),
});

export const issueDeleteMilestone = defineOperation({
  operationId: 'issueDeleteMilestone',
  document: DeleteMilestoneDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, idOrName: params.id }),
  reply: () => noContent(),
});
