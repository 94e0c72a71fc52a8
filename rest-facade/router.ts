import express, { type Request, type Response } from 'express';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { grants } from '../src/auth/scopes.ts';
import { isSiteAdmin, type Viewer } from '../src/auth/viewer.ts';
import type { Config } from '../src/config/defaults.ts';
import { isDomainError } from '../src/errors.ts';
import type { GraphQLContext } from '../src/graphql/context.ts';
import { STATUS_OF, sendError } from './errors.ts';
import { documentRunner } from './execute.ts';
import { documentedOperations, openApiDocument } from './openapi.ts';
import type { DownloadStreams, RestCall, RestOperation } from './operation.ts';
import * as operations from './operations/index.ts';
import { setPaginationHeaders } from './pagination.ts';
import { routes, type Route } from './routes.ts';
import { compileValidators, describeValidationError } from './validation.ts';

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

/**
 * Path parameters that may hold slashes when they end a route's path (feature/x, heads/main, as Gitea takes
 * them unencoded): routed as a trailing wildcard and joined back. Add names here for other such parameters.
 */
export const SLASHED_PATH_PARAMS = new Set(['branch', 'tag', 'ref', 'basehead', 'filepath', 'archive']);

/** Builds the /api/v1 router from the route table; every route runs its operation's GraphQL document in-process. */
export function createRestRouter(deps: RestFacadeDeps) {
  const documented = documentedOperations(openApiDocument);
  const validatorOf = compileValidators(openApiDocument, documented);
  const isDocumented = new Set(documented.map((d) => d.operationId));
  const router = express.Router();
  const parseJson = express.json({ limit: '10mb', type: ['application/json', 'text/plain'] });
  // Reads carry no body: they skip the parser altogether.
  router.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : parseJson(req, res, next)));

  for (const route of routes) {
    const operation = (operations as unknown as Record<string, AnyOperation | undefined>)[route.operationId];
    if (!operation || !isDocumented.has(route.operationId)) throw new Error(`route ${route.operationId} has no operation or is not documented`);
    const expressPath = route.path
      .replace(/\{(\w+)\}$/, (whole, name: string) => (SLASHED_PATH_PARAMS.has(name) ? `*${name}` : whole))
      .replace(/\{(\w+)\}/g, ':$1');
    const run = documentRunner(deps.schema, operation.document);
    const enumPathParams = (documented.find((d) => d.operationId === route.operationId)?.parameters ?? []).filter(
      (p) => p.in === 'path' && Array.isArray(p.schema?.enum),
    );
    router[route.method](expressPath, async (req, res, next) => {
      try {
        if (enumPathParams.some((p) => !(p.schema!.enum as unknown[]).includes(req.params[p.name]))) return next();
        const viewer = deps.viewerOf(res);
        const refusal = checkGuards(route, viewer, req.method);
        if (refusal) return sendError(res, refusal.status, refusal.message);

        // A trailing wildcard parameter arrives as its segments: join them back into one name.
        const pathParams = Object.fromEntries(Object.entries(req.params).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
        const params = { ...req.query, ...pathParams } as Record<string, unknown>;
        const validator = validatorOf(route.operationId)!;
        if (!validator.params(params)) {
          return sendError(res, 422, describeValidationError('parameter', validator.params.errors?.[0]));
        }
        let body: unknown = undefined;
        if (validator.body) {
          body = req.body ?? {};
          if (!validator.body(body)) return sendError(res, 422, describeValidationError('body', validator.body.errors?.[0]));
        }
        const call = {
          params: Object.fromEntries(Object.keys(req.params).map((k) => [k, params[k]])),
          query: params,
          body,
          viewer,
          config: deps.config,
          rootUrl: deps.rootUrl(),
        } as unknown as RestCall<never>;
        const result = await run(operation.variables(call) as Record<string, unknown>, deps.contextFor(viewer, res));
        if (result.errors?.length) return sendGraphQLError(res, result.errors[0]);
        const reply = operation.reply(result.data as never, call);
        if (reply.pagination) {
          setPaginationHeaders(req, res, reply.pagination.window, reply.pagination.totalCount, deps.rootUrl());
        }
        if (reply.headers) {
          for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
          res.append('Access-Control-Expose-Headers', Object.keys(reply.headers).join(', '));
        }
        if (reply.status >= 400) {
          return sendError(res, reply.status, (reply.body as { message?: string })?.message ?? 'request failed');
        }
        if (reply.text) return res.status(reply.status).type(reply.text.contentType).send(reply.text.body);
        if (reply.stream) {
          if (!deps.streams) throw new Error(`${route.operationId} streams a download, but no DownloadStreams is configured`);
          return await deps.streams.send(reply.stream, req, res);
        }
        if (reply.body === undefined) return res.status(reply.status).end();
        sendJson(res, reply.status, reply.body);
      } catch (err) {
        next(err);
      }
    });
  }

  router.use((req, res) => sendError(res, 404, `no API operation at ${req.method} ${req.baseUrl}${req.path}`));
  return router;
}

/** res.json without what the API does not use (JSON settings, ETag, a content-type lookup): every answer goes through here. */
function sendJson(res: Response, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
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

/** A GraphQL error from an in-process run: domain errors keep their kind; variable coercion failures are bad input. */
function sendGraphQLError(res: Response, error: GraphQLError) {
  const original = error.originalError;
  if (isDomainError(original)) return sendError(res, STATUS_OF[original.kind], original.message);
  if (!original || original instanceof GraphQLError) return sendError(res, 422, error.message);
  throw original;
}

export type { Request };
