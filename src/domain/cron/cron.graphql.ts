import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import * as cron from './cron.service.ts';

const CronTaskStatus = builder.enumType('CronTaskStatus', {
  description: "How a cron task's last run ended.",
  values: ['ok', 'failed'] as const,
});

export const CronTaskRef = builder.objectRef<cron.CronTaskView>('CronTask').implement({
  description: 'A background task of the site (Gitea\'s cron tasks), its schedule from the [cron.<name>] settings.',
  fields: (t) => ({
    name: t.exposeString('name'),
    schedule: t.exposeString('schedule', { description: 'The SCHEDULE setting: a cron expression, @midnight, @every 72h, ...' }),
    enabled: t.exposeBoolean('enabled', { description: 'Whether the schedule runs it (ENABLED); it can be run by hand either way.' }),
    nextRun: t.expose('nextRun', { type: 'DateTime', nullable: true, description: 'When it is due next; null when not scheduled.' }),
    previousRun: t.expose('previousRun', { type: 'DateTime', nullable: true, description: 'When its last run started (on any instance).' }),
    execTimes: t.exposeInt('execTimes', { description: 'How many times it ran.' }),
    running: t.exposeBoolean('running', { description: 'Whether a run holds it now.' }),
    lastStatus: t.expose('lastStatus', { type: CronTaskStatus, nullable: true, description: 'How the last finished run ended; null: never ran.' }),
    lastMessage: t.exposeString('lastMessage', { nullable: true, description: 'What the last run did, its progress while running, or its error.' }),
    lastFinishedAt: t.expose('lastFinishedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CronTaskConnection = builder.connectionObject({
  type: CronTaskRef,
  name: 'CronTaskConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.queryFields((t) => ({
  cronTasks: t.connection(
    {
      type: CronTaskRef,
      description: 'The cron tasks, by name (site admins only; FORBIDDEN otherwise).',
      complexity: connectionComplexity,
      tokenScope: 'read:admin',
      resolve: (_root, page, ctx) => offsetConnection(page, (window) => cron.cronTasks(ctx, window)),
    },
    CronTaskConnection,
  ),
}));

builder.mutationFields((t) => ({
  runCronTask: t.field({
    type: CronTaskRef,
    tokenScope: 'write:admin',
    description: 'Starts a cron task now, in the background (site admins only); NOT_FOUND for an unknown name.',
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, { name }, ctx) => cron.runCronTask(ctx, name),
  }),
}));
