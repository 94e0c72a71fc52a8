import express, { type Request, type Response } from 'express';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { grants, type ScopeCategory } from '../src/auth/scopes.ts';
import { isSiteAdmin, type Viewer } from '../src/auth/viewer.ts';
import type { Config } from '../src/config/defaults.ts';
import { isDomainError } from '../src/errors.ts';
import { releaseGraphQLContext, type GraphQLContext } from '../src/graphql/context.ts';
import { STATUS_OF, sendError } from './errors.ts';
import { documentRunner } from './execute.ts';
import { documentedOperations, openApiDocument } from './openapi.ts';
import type { DownloadStreams, RestCall, RestOperation } from './operation.ts';
import type { SharedJson } from './shared-json.ts';
import * as operations from './__generated__/operations.ts';
import { routes } from './__generated__/routes.ts';
import { pageFor, setPaginationHeaders } from './pagination.ts';
import type { Route } from './route-table.ts';
import { MalformedPathError, RouteMatcher } from './route-matcher.ts';
import { compileValidators, describeValidationError } from './validation.ts';
import { isMultipart, receiveMultipart } from '../src/http/multipart.ts';
import { IncomingFile as RawFile } from '../src/storage/incoming.ts';
import { endWithText } from '../src/http/send-text.ts';
import type { IncomingFile } from '../src/storage/incoming.ts';

export interface RestFacadeDeps {
  schema: GraphQLSchema;
  config: Config;
  rootUrl(): string;
  viewerOf(res: Response): Viewer;
  /** The GraphQL context of this request's viewer (and of its cache view, kept on the response). */
  contextFor(viewer: Viewer, res: Response): GraphQLContext;
  /** Sends replies that stream bytes from git (raw files, archives). */
  streams?: DownloadStreams;
}

type AnyOperation = RestOperation<never, unknown, unknown>;
type RouteHandler = (req: Request, res: Response, next: (err?: unknown) => void, pathParams: Record<string, string>) => Promise<unknown>;

/** Where Gitea on PostgreSQL fails with a 500, Graft refuses the input on every database alike. */
const NUL_REFUSED = 'text must not contain the NUL character (U+0000)';

function holdsNulCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNulCharacter);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\0') || holdsNulCharacter(v));
  return false;
}

/** Builds the /api/v1 router from the generated route table; every route runs its operation's GraphQL document in-process. */
export function createRestRouter(deps: RestFacadeDeps) {
  const documented = documentedOperations(openApiDocument);
  const validatorOf = compileValidators(openApiDocument, documented);
  const isDocumented = new Set(documented.map((d) => d.operationId));
  // Bodies whose text holds "null" anywhere: only those can need nulls removed (validation.ts, nullPruner).
  const mayHoldNull = new WeakSet<object>();
  // Bodies with an escaped NUL character: PostgreSQL cannot store one in text, so no database gets one.
  const holdsNul = new WeakSet<object>();
  const parseJson = express.json({
    limit: '10mb',
    type: ['application/json', 'text/plain'],
    verify: (req, _res, raw) => {
      if (raw.includes('null')) mayHoldNull.add(req);
      if (raw.includes('\\u0000')) holdsNul.add(req);
    },
  });

  // Operations whose body is text (text/plain only, e.g. /markdown/raw): read as it is, whatever its content type.
  const parseText = express.text({ limit: '10mb', type: () => true });
  const takesText = new Set(documented.filter((d) => {
    const content = d.operation.requestBody?.content;
    return !!content?.['text/plain'] && !content['application/json'];
  }).map((d) => d.operationId));

  // Operations that take a file (multipart/form-data): their file part, from the document; whether the part is
  // required, and whether the raw body may be the file instead (application/octet-stream).
  const filePartOf = new Map(documented.flatMap((d) => {
    const content = d.operation.requestBody?.content ?? {};
    const part = fileParts(content['multipart/form-data']?.schema);
    return part ? [[d.operationId, { ...part, raw: 'application/octet-stream' in content }] as const] : [];
  }));

  const handlers = new Map<Route, RouteHandler>();
  for (const route of routes) {
    const operation = (operations as unknown as Record<string, AnyOperation | undefined>)[route.operationId];
    if (!operation || !isDocumented.has(route.operationId)) throw new Error(`route ${route.operationId} has no operation or is not documented`);
    handlers.set(route, operationHandler(route, operation));
  }
  const enumValues = new Map(
    documented.map((d) => [d.operationId, new Map((d.parameters ?? []).filter((p) => p.in === 'path' && Array.isArray(p.schema?.enum)).map((p) => [p.name, (p.schema!.enum as unknown[]).map(String)]))]),
  );
  const matcher = new RouteMatcher(routes, (route, param) => enumValues.get(route.operationId)?.get(param));
  // One function, not a router of layers: one lookup in the tree of routes per request (route-matcher.ts),
  // however many operations there are.
  return (req: Request, res: Response, next: (err?: unknown) => void) => {
    let match;
    try {
      match = matcher.match(req.method, req.path);
    } catch (err) {
      if (err instanceof MalformedPathError) return sendError(res, 400, err.message);
      throw err;
    }
    if (!match) return sendError(res, 404, `no API operation at ${req.method} ${req.baseUrl}${req.path}`);
    const handler = handlers.get(match.route)!;
    const params = match.params;
    // Reads carry no body: they skip the parser altogether.
    if (req.method === 'GET' || req.method === 'HEAD') return void handler(req, res, next, params);
    // Uploads are read as they stream, by the operation's handler, never parsed whole here.
    if (filePartOf.has(match.route.operationId)) return void handler(req, res, next, params);
    const parse = takesText.has(match.route.operationId) ? parseText : parseJson;
    parse(req, res, (err?: unknown) => (err ? next(err) : void handler(req, res, next, params)));
  };

  function operationHandler(route: Route, operation: AnyOperation): RouteHandler {
    const run = documentRunner(deps.schema, operation.document);
    const validator = validatorOf(route.operationId)!;
    const filePart = filePartOf.get(route.operationId);
    return async (req, res, next, pathParams) => {
      let file: IncomingFile | null = null;
      let form: Record<string, string> = {};
      try {
        const viewer = deps.viewerOf(res);
        const refusal = checkGuards(route, viewer, req.method);
        if (refusal) return void sendError(res, refusal.status, refusal.message);

        const params = { ...req.query, ...pathParams } as Record<string, unknown>;
        if ((holdsNul.has(req) && holdsNulCharacter(req.body)) || holdsNulCharacter(params)) {
          return sendError(res, 422, NUL_REFUSED);
        }
        if (!validator.params(params)) {
          return sendError(res, 422, describeValidationError('parameter', validator.params.errors?.[0]));
        }
        let body: unknown = undefined;
        if (takesText.has(route.operationId)) body = typeof req.body === 'string' ? req.body : '';
        if (validator.body) {
          body = req.body ?? {};
          if (mayHoldNull.has(req)) validator.dropNulls?.(body);
          if (!validator.body(body)) return sendError(res, 422, describeValidationError('body', validator.body.errors?.[0]));
        }
        if (filePart) {
          if (filePart.raw && !isMultipart(req)) {
            // The body is the file itself (Gitea's release assets): its name comes from the query.
            file = new RawFile(typeof params.name === 'string' ? params.name : '', req.headers['content-type'] ?? '', req);
          } else {
            // Resolves as soon as the file's bytes begin: the operation's document streams them where they go.
            const start = await receiveMultipart(req, (name) => name === filePart.name, { files: deps.config.attachment.MAX_FILES });
            file = start.file;
            form = start.fields;
            if (!file && filePart.required) return sendError(res, 422, `the multipart part "${filePart.name}" (the file) is required`);
          }
        }
        const page = operation.paged ? pageFor(params as { page?: number; limit?: number }, deps.config) : undefined;
        const call = {
          params: Object.fromEntries(Object.keys(pathParams).map((k) => [k, params[k]])),
          query: params,
          body,
          files: file && filePart ? { [filePart.name]: file } : {},
          form,
          get page() {
            return pageOf(route.operationId, page).args;
          },
          get window() {
            return pageOf(route.operationId, page).window;
          },
          viewer,
          config: deps.config,
          rootUrl: deps.rootUrl(),
        } as unknown as RestCall<never>;
        const context = deps.contextFor(routeCheckedViewer(route, viewer), res);
        const result = await run(operation.variables(call) as Record<string, unknown>, context).finally(() => releaseGraphQLContext(context));
        if (result.errors?.length) return sendGraphQLError(res, result.errors[0]);
        const reply = operation.reply(result.data as never, call);
        if (page) {
          if (reply.totalCount === undefined) throw new Error(`${route.operationId} is declared paged but its reply has no totalCount`);
          setPaginationHeaders(req, res, page.window, reply.totalCount, deps.rootUrl());
        }
        if (reply.headers) {
          for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
          res.append('Access-Control-Expose-Headers', Object.keys(reply.headers).join(', '));
        }
        if (reply.text) return res.status(reply.status).type(reply.text.contentType).send(reply.text.body);
        if (reply.stream) {
          if (!deps.streams) throw new Error(`${route.operationId} streams a download, but no DownloadStreams is configured`);
          return await deps.streams.send(reply.stream, req, res);
        }
        if (reply.body === undefined) return res.status(reply.status).end();
        sendJson(res, reply.status, reply.body, reply.shared);
      } catch (err) {
        // Operations signal failures with the domain's typed errors, like services: one mapping answers them.
        if (isDomainError(err)) return sendError(res, STATUS_OF[err.kind], err.message);
        next(err);
      } finally {
        // What the operation left unread of an upload (refused before or while reading it) flows past.
        file?.discard();
      }
    };
  }
}

/**
 * The file part a multipart request body declares: its member of format binary, a required one first. An
 * optional one (a release asset, which may be a link instead) lets a request without a file through.
 */
function fileParts(schema: Record<string, unknown> | undefined): { name: string; required: boolean } | undefined {
  const properties = (schema?.properties ?? {}) as Record<string, { format?: string }>;
  const required = (schema?.required ?? []) as string[];
  const binary = Object.keys(properties).filter((name) => properties[name].format === 'binary');
  const name = binary.find((n) => required.includes(n)) ?? binary[0];
  return name ? { name, required: required.includes(name) } : undefined;
}

/** Paging is declared once, on the operation (`paged`): reading the page of an operation that is not is a bug. */
function pageOf<T>(operationId: string, page: T | undefined): T {
  if (!page) throw new Error(`${operationId} reads the page asked for but is not declared paged`);
  return page;
}

/**
 * res.json without what the API does not use (JSON settings, ETag, a content-type lookup): every answer goes through
 * here; what a reply holds many times (`shared`) is written once.
 */
function sendJson(res: Response, status: number, body: unknown, shared?: SharedJson) {
  const json = JSON.stringify(body);
  endWithText(res, status, 'application/json; charset=utf-8', shared ? shared.splice(json) : json);
}

function checkGuards(route: Route, viewer: Viewer, method: string): { status: number; message: string } | undefined {
  if (route.guard !== 'public' && !viewer.user) return { status: 401, message: 'authentication is required' };
  if (route.guard === 'siteAdmin' && !isSiteAdmin(viewer)) return { status: 403, message: 'you must be a site administrator' };
  if (route.scope && viewer.grant) {
    const level = method === 'GET' || method === 'HEAD' ? 'read' : 'write';
    if (!grants(viewer.grant, route.scope, level)) {
      return { status: 403, message: `token does not have at least one of required scope(s): [${level}:${route.scope}]` };
    }
  }
  return undefined;
}

/** Token scope categories whose routes reach a repository's units rather than the repository itself. */
const REPOSITORY_UNIT_SCOPES = new Set<ScopeCategory>(['issue']);

/**
 * The viewer an operation's documents run as once its route passed checkGuards: a token that reached a route of a
 * repository's units (issues, …) reads the repository that holds them, as in Gitea, where a token with `read:issue`
 * lists a repository's issues without `read:repository`. Routes of every other category run as the token grants
 * (GET /user/starred still needs `read:repository` beside `read:user`), and a public-only token stays public-only.
 */
function routeCheckedViewer(route: Route, viewer: Viewer): Viewer {
  if (!viewer.grant || viewer.grant.levels.repository || !route.scope || !REPOSITORY_UNIT_SCOPES.has(route.scope)) return viewer;
  return { ...viewer, grant: { ...viewer.grant, levels: { ...viewer.grant.levels, repository: 'read' } } };
}

/** A GraphQL error from an in-process run: domain errors keep their kind; variable coercion failures are bad input. */
function sendGraphQLError(res: Response, error: GraphQLError) {
  const original = error.originalError;
  if (isDomainError(original)) return sendError(res, STATUS_OF[original.kind], original.message);
  if (!original || original instanceof GraphQLError) return sendError(res, 422, error.message);
  throw original;
}

export type { Request };
