import { AdminCronTasksDocument, AdminRunCronTaskDocument } from '../../__generated__/graphql.ts';
import { toCron } from '../../convert/cron.ts';
import { defineOperation, list, noContent } from '../../operation.ts';

export const adminCronList = defineOperation({
  operationId: 'adminCronList',
  document: AdminCronTasksDocument,
  paged: true,
  variables: ({ page }) => ({ ...page }),
  reply: ({ cronTasks }) => list(cronTasks, toCron),
});

export const adminCronRun = defineOperation({
  operationId: 'adminCronRun',
  document: AdminRunCronTaskDocument,
  variables: ({ params }) => ({ name: params.task }),
  reply: () => noContent(),
});
