import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Config } from '../src/config/defaults.ts';
import type { Viewer } from '../src/auth/viewer.ts';
import { notFound } from '../src/errors.ts';
import type { PageWindow } from '../src/pagination.ts';
import type { StreamReply } from '../src/http/download-streams.ts';
import type { IncomingFile } from '../src/storage/incoming.ts';
import type { operations } from './__generated__/openapi.ts';
import type { SharedJson } from './shared-json.ts';

/** Downloads are streamed by the HTTP core; an operation only describes them. */
export type { DownloadStreams, StreamReply } from '../src/http/download-streams.ts';

export type OperationId = keyof operations;
type Parameters<K extends OperationId> = operations[K]['parameters'];
export type PathParams<K extends OperationId> = Parameters<K> extends { path: infer P } ? P : Record<string, never>;
export type QueryParams<K extends OperationId> = Parameters<K> extends { query?: infer Q } ? NonNullable<Q> : Record<string, never>;
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : operations[K] extends { requestBody?: { content: { 'text/plain': infer B } } }
    ? B
    : undefined;

/** GraphQL connection arguments for the page a call asks for (page/limit, Gitea's defaults and cap). */
export interface PageArgs {
  first: number;
  after: string | null;
}

/** One validated REST call, as an operation sees it. */
export interface RestCall<K extends OperationId> {
  params: PathParams<K>;
  query: QueryParams<K>;
  body: RequestBody<K>;
  /** The file of an upload (operations whose body is multipart/form-data), by its part's name, still streaming. */
  files: Record<string, IncomingFile>;
  /** The text parts of a multipart upload sent before its file (or in place of it), by name. */
  form: Record<string, string>;
  /** The page asked for, as connection arguments (only for operations declared `paged`). */
  page: PageArgs;
  /** The same page as offset and limit (only for operations declared `paged`). */
  window: PageWindow;
  viewer: Viewer;
  config: Config;
  rootUrl: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** For operations declared `paged`: the size of the whole list (the router sets X-Total-Count and Link). */
  totalCount?: number;
  /** Extra response headers (e.g. Gitea's X-HasMore on commit lists); exposed to browsers. */
  headers?: Record<string, string>;
  /** A raw text body instead of JSON (diffs, patches): sent as is with this content type. */
  text?: { contentType: string; body: string };
  /** A binary download streamed from git (raw files, archives): the app's DownloadStreams sends it. */
  stream?: StreamReply;
  /** The objects `body` holds many times, each written once (shared-json.ts). */
  shared?: SharedJson;
}

/**
 * A REST operation is one small declaration: the GraphQL document it runs, how the call becomes its
 * variables, and how the result becomes the REST reply. Everything else (auth, validation, errors,
 * headers) is the router's job.
 */
export interface RestOperation<K extends OperationId, TData, TVariables> {
  operationId: K;
  document: TypedDocumentNode<TData, TVariables>;
  /** A counted list: the router reads page/limit into `call.page` and answers X-Total-Count and Link. */
  paged?: boolean;
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
export const accepted = (body: unknown): Reply => ({ status: 202, body });
export const noContent = (): Reply => ({ status: 204 });
export const textReply = (body: string, contentType = 'text/plain; charset=utf-8'): Reply => ({ status: 200, text: { contentType, body } });

/** A page of a counted list (operations declared `paged`), each node turned into its REST shape. */
export const list = <T>(connection: { nodes: T[]; totalCount: number }, toRest: (node: T) => unknown): Reply => ({
  status: 200,
  body: connection.nodes.map(toRest),
  totalCount: connection.totalCount,
});

/** Gitea's search endpoints: a page of a counted list wrapped as {ok, data} (operations declared `paged`). */
export const searchResults = <T>(connection: { nodes: T[]; totalCount: number }, toRest: (node: T) => unknown): Reply => ({
  status: 200,
  body: { ok: true, data: connection.nodes.map(toRest) },
  totalCount: connection.totalCount,
});

/**
 * Gitea's "is it so?" endpoints that answer with what they asked about (the caller's watch): the value when it
 * is so, or NOT_FOUND with Gitea's generic sentence when it is not.
 */
export function confirmed<T>(value: T | null | undefined | false): T {
  if (value === null || value === undefined || value === false) throw notFound("The target couldn't be found.");
  return value;
}

/** Gitea's "is it so?" endpoints: 204 when it is, or NOT_FOUND with Gitea's generic sentence when it is not. */
export function checked(holds: boolean | null | undefined): Reply {
  confirmed(holds);
  return noContent();
}

/**
 * What a lookup gave the facade. The GraphQL layer answers the facade's lookups with NOT_FOUND, never null
 * (graphql/errors.ts: lookup), and `viewer` is set on every route guarded `signedIn`, so null here is a bug,
 * not a 404.
 */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('a lookup answered null to the REST facade instead of NOT_FOUND');
  return value;
}
