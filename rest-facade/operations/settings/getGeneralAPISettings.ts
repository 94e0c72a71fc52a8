import { GetApiSettingsDocument } from '../../__generated__/graphql.ts';
import { defineOperation, ok } from '../../operation.ts';

export const getGeneralAPISettings = defineOperation({
  operationId: 'getGeneralAPISettings',
  document: GetApiSettingsDocument,
  variables: () => ({}),
  reply: ({ settings: { api } }) =>
    ok({
      default_paging_num: api.defaultPagingNum,
      max_response_items: api.maxResponseItems,
      default_git_trees_per_page: api.defaultGitTreesPerPage,
      default_max_blob_size: api.defaultMaxBlobSize,
      default_max_response_size: api.defaultMaxResponseSize,
    }),
});
