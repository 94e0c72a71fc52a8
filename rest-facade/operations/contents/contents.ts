import {
  ApplyDiffPatchDocument,
  ChangeFilesDocument,
  RepositoryContentsDocument,
  RepositoryEditorconfigDocument,
  RepositoryFilesDocument,
  type ChangeFilesInput,
  type FileOperationInput,
  type RepositoryContentsQuery,
  type RepositoryFilesQuery,
} from '../../__generated__/graphql.ts';
import { toEditorconfig } from '../../convert/editorconfig.ts';
import { toContentsExtResponse, toContentsResponse, toFileResponse, toFilesResponse, type CommitFacts } from '../../convert/contents.ts';
import { badRequest, notFound } from '../../../src/errors.ts';
import { created, defineOperation, found, ok, type Reply, type RequestBody } from '../../operation.ts';
import { fromSnakeCase } from '../../snake-case.ts';

const READ_DEFAULTS = { withContent: true, withCommit: true, withMessage: false, withLfs: true, withListLfs: false };

/** A file as one object, a directory as the list of its entries (Gitea's GitHub-style contents reply). */
function contentsReply({ repository }: RepositoryContentsQuery): Reply {
  const { contents, apiUrl, htmlUrl } = found(repository);
  const at = { apiUrl, htmlUrl, ref: contents.ref, refName: contents.refName, refType: contents.refType };
  if (contents.entries) return ok(contents.entries.map((e) => toContentsResponse(e, at)));
  return ok(toContentsResponse(contents.entry, at));
}

export const repoGetContents = defineOperation({
  operationId: 'repoGetContents',
  document: RepositoryContentsDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, path: params.filepath, ref: query.ref, ...READ_DEFAULTS }),
  reply: contentsReply,
});

export const repoGetContentsList = defineOperation({
  operationId: 'repoGetContentsList',
  document: RepositoryContentsDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, path: '', ref: query.ref, ...READ_DEFAULTS }),
  reply: contentsReply,
});

const INCLUDES = ['file_content', 'lfs_metadata', 'commit_metadata', 'commit_message'] as const;

/** The include options asked for; an unknown one is bad input (Gitea answers 400). */
function parseIncludes(raw: string | undefined): Set<string> {
  const includes = new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  const unknown = [...includes].find((i) => !(INCLUDES as readonly string[]).includes(i));
  if (unknown) throw badRequest(`unknown include option "${unknown}" (use ${INCLUDES.join(', ')})`);
  return includes;
}

export const repoGetContentsExt = defineOperation({
  operationId: 'repoGetContentsExt',
  document: RepositoryContentsDocument,
  variables: ({ params, query }) => {
    const includes = parseIncludes(query.includes);
    const path = params.filepath === '.' || params.filepath === '/' ? '' : params.filepath;
    return {
      owner: params.owner,
      name: params.repo,
      path,
      ref: query.ref,
      withContent: includes.has('file_content'),
      withCommit: includes.has('commit_metadata') || includes.has('commit_message'),
      withMessage: includes.has('commit_message'),
      withLfs: includes.has('lfs_metadata') || includes.has('file_content'),
      withListLfs: includes.has('lfs_metadata'),
    };
  },
  reply: ({ repository }, { query }) => {
    const includes = parseIncludes(query.includes);
    const { contents, apiUrl, htmlUrl } = found(repository);
    const at = { apiUrl, htmlUrl, ref: contents.ref, refName: contents.refName, refType: contents.refType };
    const facts: CommitFacts = { metadata: includes.has('commit_metadata'), message: includes.has('commit_message') };
    return ok(toContentsExtResponse(contents, at, facts));
  },
});

// --- Several files at once ------------------------------------------------------------------------

/** The files of a multi-file read, null where a path held nothing (as Gitea answers). */
function filesReply({ repository }: RepositoryFilesQuery): Reply {
  const { files, apiUrl, htmlUrl } = found(repository);
  const at = { apiUrl, htmlUrl, ref: files.ref, refName: files.refName, refType: files.refType };
  return ok(files.files.map((f) => (f ? toContentsResponse(f, at) : null)));
}

/** The GET form's `body` parameter: JSON `{"files": [string, ...]}`; anything else is 400, as in Gitea. */
function pathsOfBodyParameter(raw: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('invalid body parameter: it must be JSON such as {"files": ["README.md"]}');
  }
  if (parsed === null) return [];
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('invalid body parameter: it must be a JSON object');
  const files = (parsed as { files?: unknown }).files;
  if (files === undefined || files === null) return [];
  if (!Array.isArray(files) || files.some((f) => typeof f !== 'string')) throw badRequest('invalid body parameter: files must be a list of paths');
  return files as string[];
}

export const repoGetFileContents = defineOperation({
  operationId: 'repoGetFileContents',
  document: RepositoryFilesDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, paths: pathsOfBodyParameter(query.body), ref: query.ref }),
  reply: filesReply,
});

export const repoGetFileContentsPost = defineOperation({
  operationId: 'repoGetFileContentsPost',
  document: RepositoryFilesDocument,
  variables: ({ params, query, body }) => ({ owner: params.owner, name: params.repo, paths: body.files ?? [], ref: query.ref }),
  reply: filesReply,
});

export const repoGetEditorConfig = defineOperation({
  operationId: 'repoGetEditorConfig',
  document: RepositoryEditorconfigDocument,
  variables: ({ params, query }) => ({ owner: params.owner, name: params.repo, path: params.filepath, ref: query.ref }),
  reply: ({ repository }) => {
    const definition = found(repository).editorconfig;
    // Gitea answers 404 when the commit has no .editorconfig.
    if (!definition) throw notFound('the repository has no .editorconfig at this ref');
    return ok(toEditorconfig(definition));
  },
});

// --- Changing files --------------------------------------------------------------------------------

type SingleFileBody = RequestBody<'repoCreateFile'> | RequestBody<'repoUpdateFile'> | RequestBody<'repoDeleteFile'>;

/** A single-file request: the commit options of its body, and its one operation on the file at the path. */
const singleFile = (body: SingleFileBody, file: FileOperationInput): ChangeFilesInput => ({
  ...fromSnakeCase(body, 'ChangeFilesInput', ['files']),
  files: [file],
});

export const repoCreateFile = defineOperation({
  operationId: 'repoCreateFile',
  document: ChangeFilesDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: singleFile(body, { operation: 'create', path: params.filepath, content: body.content }),
  }),
  reply: ({ changeFiles }) => created(toFileResponse(changeFiles, 0)),
});

export const repoUpdateFile = defineOperation({
  operationId: 'repoUpdateFile',
  document: ChangeFilesDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: singleFile(body, { operation: 'update', path: params.filepath, content: body.content, sha: body.sha, fromPath: body.from_path }),
  }),
  reply: ({ changeFiles }) => ok(toFileResponse(changeFiles, 0)),
});

export const repoDeleteFile = defineOperation({
  operationId: 'repoDeleteFile',
  document: ChangeFilesDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: singleFile(body, { operation: 'delete', path: params.filepath, sha: body.sha }),
  }),
  reply: ({ changeFiles }) => ok(toFileResponse(changeFiles, null)),
});

export const repoChangeFiles = defineOperation({
  operationId: 'repoChangeFiles',
  document: ChangeFilesDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, input: fromSnakeCase(body, 'ChangeFilesInput', []) }),
  reply: ({ changeFiles }) => created(toFilesResponse(changeFiles)),
});

export const repoApplyDiffPatch = defineOperation({
  operationId: 'repoApplyDiffPatch',
  document: ApplyDiffPatchDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, input: fromSnakeCase(body, 'ApplyDiffPatchInput', []) }),
  reply: ({ applyDiffPatch }) => ok(toFileResponse(applyDiffPatch, null)),
});
