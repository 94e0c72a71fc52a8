import { RepositoryBlobDocument } from '../../__generated__/graphql.ts';
import { defineOperation, notFoundReply, ok } from '../../operation.ts';

export const GetBlob = defineOperation({
  operationId: 'GetBlob',
  document: RepositoryBlobDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, oid: params.sha }),
  reply: ({ repository }, { params }) => {
    if (!repository) return notFoundReply(`repository ${params.owner}/${params.repo} does not exist`);
    const blob = repository.blob;
    if (!blob) return notFoundReply(`blob ${params.sha} does not exist`);
    return ok({
      sha: blob.oid,
      url: `${repository.apiUrl}/git/blobs/${encodeURIComponent(blob.oid)}`,
      size: blob.size,
      // Blobs above DEFAULT_MAX_BLOB_SIZE come without content, as in Gitea.
      ...(blob.contentBase64 !== null ? { encoding: 'base64', content: blob.contentBase64 } : { encoding: null, content: null }),
      lfs_oid: blob.lfs?.oid ?? null,
      lfs_size: blob.lfs?.size ?? null,
    });
  },
});
