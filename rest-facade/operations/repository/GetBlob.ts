import { RepositoryBlobDocument } from '../../__generated__/graphql.ts';
import { defineOperation, found, ok } from '../../operation.ts';

export const GetBlob = defineOperation({
  operationId: 'GetBlob',
  document: RepositoryBlobDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, oid: params.sha }),
  reply: ({ repository }) => {
    const { apiUrl, blob: lookedUp } = found(repository);
    const blob = found(lookedUp);
    return ok({
      sha: blob.oid,
      url: `${apiUrl}/git/blobs/${encodeURIComponent(blob.oid)}`,
      size: blob.size,
      // Blobs above DEFAULT_MAX_BLOB_SIZE come without content, as in Gitea.
      ...(blob.contentBase64 !== null ? { encoding: 'base64', content: blob.contentBase64 } : { encoding: null, content: null }),
      lfs_oid: blob.lfs?.oid ?? null,
      lfs_size: blob.lfs?.size ?? null,
    });
  },
});
