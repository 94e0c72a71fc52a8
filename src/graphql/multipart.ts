import type { Request, Response } from 'express';
import { execute, getOperationAST, GraphQLError, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { isDomainError } from '../errors.ts';
import { STATUS_OF } from '../http/errors.ts';
import { receiveMultipart, type MultipartStart } from '../http/multipart.ts';
import { endWithText } from '../http/send-text.ts';
import { releaseGraphQLContext, type GraphQLContext } from './context.ts';
import { maskError } from './errors.ts';

interface Operation {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

function send(res: Response, status: number, body: unknown) {
  endWithText(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}

const refuse = (res: Response, status: number, message: string) => send(res, status, { errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] });

/** Puts `value` where a map path (`variables.file`, `variables.files.0`) of the multipart request spec points. */
function place(operation: Operation, path: string, value: unknown): boolean {
  const [root, ...rest] = path.split('.');
  if (root !== 'variables' || rest.length === 0) return false;
  let at = (operation.variables ??= {}) as Record<string, unknown>;
  for (const key of rest.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) return false;
    at = at[key] as Record<string, unknown>;
  }
  at[rest[rest.length - 1]] = value;
  return true;
}

/**
 * GraphQL multipart requests (https://github.com/jaydenseric/graphql-multipart-request-spec): `operations`,
 * then `map`, then the files. Answered here rather than by graphql-yoga, whose parser holds every file whole in
 * memory: the operation runs as soon as its file begins, and the file's bytes stream to whoever takes them
 * (an attachment upload checks its limits as they arrive). One file per request, which every mutation taking a
 * file needs; a map naming more is refused. Queries and mutations only; the answer is yoga's JSON.
 */
export function createMultipartHandler(schema: GraphQLSchema, contextOf: (req: Request) => GraphQLContext, maxFiles: number) {
  return async function answer(req: Request, res: Response): Promise<void> {
    let start: MultipartStart;
    try {
      start = await receiveMultipart(req, () => true, { files: maxFiles });
    } catch (err) {
      if (isDomainError(err)) return refuse(res, STATUS_OF[err.kind], err.message);
      throw err;
    }
    const { fields, file, part } = start;
    try {
      let operation: Operation;
      let map: Record<string, unknown>;
      try {
        operation = JSON.parse(fields.operations ?? 'null') as Operation;
        map = JSON.parse(fields.map ?? '{}') as Record<string, unknown>;
      } catch {
        return refuse(res, 400, 'the parts "operations" and "map" must be JSON');
      }
      if (typeof operation !== 'object' || operation === null || Array.isArray(operation) || typeof operation.query !== 'string') {
        return refuse(res, 400, 'the part "operations" must hold one operation (a JSON object with a query)');
      }
      const entries = Object.entries(map);
      if (entries.length > 1) return refuse(res, 400, 'one file per request: the map names more');
      for (const [key, paths] of entries) {
        if (key !== part || !file) return refuse(res, 400, `the map names the file part "${key}", which the request does not hold before its end`);
        if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && place(operation, p, file))) {
          return refuse(res, 400, `the map's paths for "${key}" must point into the variables`);
        }
      }
      let document: DocumentNode;
      try {
        document = parse(operation.query);
      } catch (err) {
        return refuse(res, 400, (err as GraphQLError).message);
      }
      const invalid = validate(schema, document);
      if (invalid.length > 0) return send(res, 400, { errors: invalid.map((e) => maskError(e, 'Unexpected error.')) });
      const kind = getOperationAST(document, operation.operationName)?.operation;
      if (!kind) return refuse(res, 400, 'the document must name the operation to run');
      if (kind === 'subscription') return refuse(res, 400, 'subscriptions run over the websocket, not in a multipart request');
      const context = contextOf(req);
      try {
        const { data, errors } = await execute({ schema, document, variableValues: operation.variables, operationName: operation.operationName, contextValue: context });
        send(res, 200, errors?.length ? { errors: errors.map((e) => maskError(e, 'Unexpected error.')), data } : { data });
      } finally {
        releaseGraphQLContext(context);
      }
    } finally {
      file?.discard();
    }
  };
}
