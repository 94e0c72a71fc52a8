import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Config } from '../src/config/defaults.ts';
import type { Viewer } from '../src/auth/viewer.ts';
import type { PageWindow } from '../src/pagination.ts';
import type { StreamReply } from '../src/http/download-streams.ts';
import type { operations } from './__generated__/openapi.ts';

/** Downloads are streamed by the HTTP core; an operation only describes them. */
export type { DownloadStreams, StreamReply } from '../src/http/download-streams.ts';

export type OperationId = keyof operations;
type Parameters<K extends OperationId> = operations[K]['parameters'];
export type PathParams<K extends OperationId> = Parameters<K> extends { path: infer P } ? P : Record<string, never>;
export type QueryParams<K extends OperationId> = Parameters<K> extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>;
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : undefined;

/** One validated REST call, as an operation sees it. */
export interface RestCall<K extends OperationId> {
  params: PathParams<K>;
  query: QueryParams<K>;
  body: RequestBody<K>;
  viewer: Viewer;
  config: Config;
  rootUrl: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** For counted lists: sets X-Total-Count and Link. */
  pagination?: { window: PageWindow; totalCount: number };
  /** Extra response headers (e.g. Gitea's X-HasMore on commit lists); exposed to browsers. */
  headers?: Record<string, string>;
  /** A raw text body instead of JSON (diffs, patches): sent as is with this content type. */
  text?: { contentType: string; body: string };
  /** A binary download streamed from git (raw files, archives): the app's DownloadStreams sends it. */
  stream?: StreamReply;
}

/**
 * A REST operation is one small declaration: the GraphQL document it runs, how the call becomes its
 * variables, and how the result becomes the REST reply. Everything else (auth, validation, errors,
 * headers) is the router's job.
 */
export interface RestOperation<K extends OperationId, TData, TVariables> {
  operationId: K;
  document: TypedDocumentNode<TData, TVariables>;
  variables: (call: RestCall<K>) => TVariables;
  reply: (data: TData, call: RestCall<K>) => Reply;
}

export function defineOperation<K extends OperationId, TData, TVariables>(
  operation: RestOperation<K, TData, TVariables>,
): RestOperation<K, TData, TVariables> {
  return operation;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });
export const notFoundReply = (message: string): Reply => ({ status: 404, body: { message } });
export const textReply = (body: string, contentType = 'text/plain; charset=utf-8'): Reply => ({ status: 200, text: { contentType, body } });
export const paginated = (body: unknown[], window: PageWindow, totalCount: number): Reply => ({
  status: 200,
  body,
  pagination: { window, totalCount },
});
