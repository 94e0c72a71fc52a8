import type { RestGitBlobFragment, RestGitTreeFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { blobApiUrl, treeApiUrl } from './urls.ts';

/** Which page of a tree's entries was read: Gitea's 1-based page, and the entries before it. */
export interface TreePage {
  page: number;
  offset: number;
}

/** A page of a git tree, as Gitea's GitTreeResponse: truncated while entries follow this page. */
export function toGitTree(tree: RestGitTreeFragment, apiUrl: string, { page, offset }: TreePage): RestSchema<'GitTreeResponse'> {
  return {
    sha: tree.oid,
    url: treeApiUrl(apiUrl, tree.oid),
    tree: tree.nodes.map((e) => ({
      path: e.path,
      mode: e.mode,
      type: e.type,
      size: e.size,
      sha: e.oid,
      // Submodules have no URL here, as on GitHub and Gitea.
      url: e.type === 'tree' ? treeApiUrl(apiUrl, e.oid) : e.type === 'commit' ? '' : blobApiUrl(apiUrl, e.oid),
    })),
    truncated: offset + tree.nodes.length < tree.totalCount,
    page,
    total_count: tree.totalCount,
  };
}

/** A git blob, as Gitea's GitBlobResponse. */
export function toGitBlob(blob: RestGitBlobFragment, apiUrl: string): RestSchema<'GitBlobResponse'> {
  return {
    sha: blob.oid,
    url: blobApiUrl(apiUrl, blob.oid),
    size: blob.size,
    // Blobs above DEFAULT_MAX_BLOB_SIZE come without content, as in Gitea.
    ...(blob.contentBase64 !== null ? { encoding: 'base64', content: blob.contentBase64 } : { encoding: null, content: null }),
    lfs_oid: blob.lfs?.oid ?? null,
    lfs_size: blob.lfs?.size ?? null,
  };
}
