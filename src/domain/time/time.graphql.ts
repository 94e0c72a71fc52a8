import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { IssueRef } from '../issue/issue.graphql.ts';
import { GHOST } from '../issue/issue.service.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import { ADD_TRACKED_TIME_FIELDS, TRACKED_TIME_FILTER_FIELDS, VIEWER_TRACKED_TIME_FILTER_FIELDS } from './time.inputs.ts';
import { durationText, elapsedSeconds } from './time.rules.ts';
import * as times from './time.service.ts';

const TrackedTimeFilterInput = inputFromTable('TrackedTimeFilter', TRACKED_TIME_FILTER_FIELDS);
const ViewerTrackedTimeFilterInput = inputFromTable('ViewerTrackedTimeFilter', VIEWER_TRACKED_TIME_FILTER_FIELDS);
const AddTrackedTimeInput = inputFromTable('AddTrackedTimeInput', ADD_TRACKED_TIME_FIELDS);

export const TrackedTimeRef = builder.objectRef<times.TrackedTimeView>('TrackedTime').implement({
  description: 'Time an account spent on an issue, added by hand or by stopping a stopwatch.',
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.time.id }),
    seconds: t.int({ resolve: (v) => v.time.seconds }),
    createdAt: t.field({ type: 'DateTime', description: 'When the time was spent (given when it was added, or when the stopwatch stopped).', resolve: (v) => v.time.createdAt }),
    user: t.field({ type: UserRef, description: 'Whose time it is; the ghost account once that account is deleted.', resolve: (v) => v.user ?? GHOST }),
    issue: t.field({ type: IssueRef, resolve: (v) => v.issue }),
  }),
});

const TrackedTimeConnection = builder.connectionObject({
  type: TrackedTimeRef,
  name: 'TrackedTimeConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

export const StopwatchRef = builder.objectRef<times.StopwatchView>('Stopwatch').implement({
  description: "A running stopwatch of the caller's on an issue: stopping it tracks the time it ran.",
  fields: (t) => ({
    createdAt: t.field({ type: 'DateTime', description: 'When it started.', resolve: (v) => v.stopwatch.createdAt }),
    seconds: t.int({ description: 'Whole seconds it has run until now.', resolve: (v) => elapsedSeconds(v.stopwatch.createdAt, new Date()) }),
    duration: t.string({
      description: 'The seconds it has run, worded as Gitea words them ("1 hour 5 minutes", "42 seconds").',
      resolve: (v) => durationText(elapsedSeconds(v.stopwatch.createdAt, new Date())),
    }),
    issue: t.field({ type: IssueRef, resolve: (v) => v.issue }),
  }),
});

const StopwatchConnection = builder.connectionObject({
  type: StopwatchRef,
  name: 'StopwatchConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(IssueRef, (t) => ({
  trackedTimes: t.connection(
    {
      type: TrackedTimeRef,
      tokenScope: 'read:issue',
      description:
        "Time tracked on the issue, oldest first. Signed-in callers only; those who may not write to the issues see their own times. An error (NOT_FOUND) when time tracking is off.",
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: TrackedTimeFilterInput }) },
      resolve: (view, { filter, ...page }, ctx) => offsetConnection(page, (window) => times.listIssueTrackedTimes(ctx, view, window, filter ?? {})),
    },
    TrackedTimeConnection,
  ),
}));

builder.objectFields(RepositoryRef, (t) => ({
  trackedTimes: t.connection(
    {
      type: TrackedTimeRef,
      tokenScope: 'read:repository',
      description:
        "Time tracked on the repository's issues, oldest first. Signed-in callers who read the issues only; those who may not write to them see their own times. An error (BAD_REQUEST) when time tracking is off.",
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: TrackedTimeFilterInput }) },
      resolve: async (repo, { filter, ...page }, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(page, (window) => times.listRepositoryTrackedTimes(ctx, full, window, filter ?? {}));
      },
    },
    TrackedTimeConnection,
  ),
}));

builder.queryFields((t) => ({
  viewerTrackedTimes: t.connection(
    {
      type: TrackedTimeRef,
      tokenScope: 'read:user',
      description: "The signed-in account's tracked time in every repository, oldest first.",
      complexity: connectionComplexity,
      args: { filter: t.arg({ type: ViewerTrackedTimeFilterInput }) },
      resolve: (_root, { filter, ...page }, ctx) => offsetConnection(page, (window) => times.listViewerTrackedTimes(ctx, window, filter ?? {})),
    },
    TrackedTimeConnection,
  ),
  viewerStopwatches: t.connection(
    {
      type: StopwatchRef,
      tokenScope: 'read:user',
      description: "The signed-in account's running stopwatches, oldest first.",
      complexity: connectionComplexity,
      resolve: (_root, page, ctx) => offsetConnection(page, (window) => times.listViewerStopwatches(ctx, window)),
    },
    StopwatchConnection,
  ),
}));

// ---------------------------------------------------------------------------------------------
// Mutations: each names the issue by its repository's owner and name and its number

builder.mutationFields((t) => {
  const issueArgs = () => ({ owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), number: t.arg.int({ required: true }) });
  return {
    addTrackedTime: t.field({
      type: TrackedTimeRef,
      tokenScope: 'write:issue',
      description: 'Tracks time spent on an issue. Site admins and repository admins may track it for another account (input.user).',
      args: { ...issueArgs(), input: t.arg({ type: AddTrackedTimeInput, required: true }) },
      resolve: (_root, { owner, name, number, input }, ctx) => times.addTrackedTime(ctx, owner, name, number, input),
    }),
    deleteTrackedTime: t.boolean({
      tokenScope: 'write:issue',
      description: 'Deletes one tracked time of the issue: its own account or a site admin may.',
      args: { ...issueArgs(), id: t.arg.int({ required: true, description: 'The databaseId of the tracked time.' }) },
      resolve: async (_root, { owner, name, number, id }, ctx) => {
        await times.deleteTrackedTime(ctx, owner, name, number, id);
        return true;
      },
    }),
    resetTrackedTimes: t.boolean({
      tokenScope: 'write:issue',
      description: 'Deletes every time the caller tracked on the issue.',
      args: issueArgs(),
      resolve: async (_root, { owner, name, number }, ctx) => {
        await times.resetTrackedTimes(ctx, owner, name, number);
        return true;
      },
    }),
    startStopwatch: t.field({
      type: StopwatchRef,
      tokenScope: 'write:issue',
      description: "Starts the caller's stopwatch on the issue (CONFLICT when it runs already); one running on another issue stops.",
      args: issueArgs(),
      resolve: (_root, { owner, name, number }, ctx) => times.startStopwatch(ctx, owner, name, number),
    }),
    stopStopwatch: t.field({
      type: TrackedTimeRef,
      tokenScope: 'write:issue',
      description: "Stops the caller's stopwatch on the issue and answers the time it tracked (CONFLICT when none runs).",
      args: issueArgs(),
      resolve: (_root, { owner, name, number }, ctx) => times.stopStopwatch(ctx, owner, name, number),
    }),
    cancelStopwatch: t.boolean({
      tokenScope: 'write:issue',
      description: "Discards the caller's stopwatch on the issue without tracking its time (CONFLICT when none runs).",
      args: issueArgs(),
      resolve: async (_root, { owner, name, number }, ctx) => {
        await times.cancelStopwatch(ctx, owner, name, number);
        return true;
      },
    }),
  };
});
