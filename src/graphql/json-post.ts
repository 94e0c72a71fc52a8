import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { CompiledQueries } from './compiled-queries.ts';
import { releaseGraphQLContext, type GraphQLContext } from './context.ts';
import { LruMap } from '../cache/lru.ts';
import { endWithText } from '../http/send-text.ts';

/** Larger bodies (and bodies of unknown length) stay with graphql-yoga, which streams them. */
const MAX_BODY_BYTES = 256 * 1024;

/** The request as graphql-yoga reads a JSON body, for what the lean path cannot answer the same way itself. */
export type Delegate = (body?: string) => void;

/**
 * The lean path for the common GraphQL request: a POST of a JSON body holding a query document that clients
 * repeat, answered by its compiled query with data and no errors. It answers exactly as graphql-yoga would
 * (the same status, headers and body), at a fraction of the cost: no fetch-API request and response, no
 * plugin pipeline, no parsing or validation. Anything else — another method, content type or Accept, an
 * Origin (yoga's CORS headers), a body yoga would refuse, a mutation or subscription, a document not
 * compiled (yet), a result with errors — goes to yoga (`delegate`) with the body it already read, and
 * yoga answers as before. A query is a read, so running it again there changes nothing.
 */
export function createJsonPostHandler(endpoint: string, compiled: CompiledQueries, contextOf: (req: Request) => GraphQLContext) {
  let answered = 0;
  return {
    /** How many requests the lean path answered itself. */
    get answered() {
      return answered;
    },
    async answer(req: Request, res: Response, delegate: Delegate): Promise<void> {
      const length = takesJsonPost(req, endpoint);
      if (length === undefined) return delegate();
      const mediaType = mediaTypeFor(req.headers.accept);
      if (mediaType === undefined) return delegate();
      let text: string;
      try {
        text = await readBody(req, length);
      } catch {
        // The client went away, or sent less than it announced: nothing to answer.
        req.destroy();
        return;
      }
      const params = graphqlParams(text);
      const variables = params?.variables ?? {};
      const operation = params && compiled.lookup(params.query, params.operationName, variables);
      let result;
      try {
        if (operation) {
          const context = contextOf(req);
          try {
            result = await operation.run(context, variables);
          } finally {
            releaseGraphQLContext(context);
          }
        }
      } catch {
        // graphql-jit reports what resolvers throw in the result; anything else is for yoga to report.
        return delegate(text);
      }
      if (!result || result.errors?.length) return delegate(text);
      endWithText(res, 200, `${mediaType}; charset=utf-8`, JSON.stringify(result));
      answered++;
    },
  };
}

/** The announced body length of a POST of JSON to the endpoint itself (as yoga matches it), if the lean path may take it. */
function takesJsonPost(req: Request, endpoint: string): number | undefined {
  if (req.method !== 'POST' || req.headers.origin !== undefined) return undefined;
  // yoga matches the endpoint, case-sensitively, on the path of the URL as it came in.
  const url = req.originalUrl;
  const end = url.indexOf('?');
  if ((end === -1 ? url : url.slice(0, end)) !== endpoint) return undefined;
  // yoga reads the first of a list of content types, with or without parameters.
  const type = req.headers['content-type']?.split(',')[0];
  if (type !== 'application/json' && !type?.startsWith('application/json;')) return undefined;
  const length = Number(req.headers['content-length']);
  return Number.isInteger(length) && length > 0 && length <= MAX_BODY_BYTES ? length : undefined;
}

const REGULAR_MEDIA_TYPES = ['application/graphql-response+json', 'application/json'];

/** Clients send the same few Accept headers again and again. */
const mediaTypes = new LruMap<string, string | undefined>(64);

function mediaTypeFor(accept = ''): string | undefined {
  let type = mediaTypes.get(accept);
  if (type === undefined && !mediaTypes.has(accept)) mediaTypes.set(accept, (type = regularMediaType(accept)));
  return type;
}

/**
 * The media type yoga answers a single result with for this Accept header (its accept.js and
 * use-result-processor.js): the entries in UTF-8, last to first, and for each the last of its two JSON
 * types that matches; undefined when none does (yoga answers with an event stream, multipart or 406).
 */
export function regularMediaType(accept: string | undefined): string | undefined {
  let chosen: string | undefined;
  const entries = (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',');
  for (let i = entries.length - 1; i >= 0; i--) {
    const [asked, ...parameters] = entries[i]!.split(';');
    const charset = parameters.find((p) => p.includes('charset=')) ?? 'charset=utf-8';
    if (charset !== 'charset=utf-8') continue;
    const [askedType, askedSubtype] = asked!.split('/');
    for (const offered of REGULAR_MEDIA_TYPES) {
      const [type, subtype] = offered.split('/');
      if ((askedType === '*' || askedType === type) && (askedSubtype === '*' || askedSubtype === subtype)) chosen = offered;
    }
  }
  return chosen;
}

interface GraphQLParams {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

const PARAM_NAMES = new Set(['query', 'variables', 'operationName', 'extensions']);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body's GraphQL parameters, when they are ones yoga accepts without complaint. */
function graphqlParams(text: string): GraphQLParams | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(body)) return undefined;
  for (const key in body) if (body[key] != null && !PARAM_NAMES.has(key)) return undefined;
  const { query, variables, operationName, extensions } = body;
  if (typeof query !== 'string') return undefined;
  if (variables != null && !isPlainObject(variables)) return undefined;
  if (extensions != null && !isPlainObject(extensions)) return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  return { query, variables, operationName };
}

function readBody(req: IncomingMessage, length: number): Promise<string> {
  // Usually the whole body (its length announced) came with the headers and waits in the stream's buffer;
  // resumed, the stream ends as if read to the end.
  if (req.readableLength === length && !req.readableFlowing) {
    const body = req.read() as Buffer;
    req.resume();
    return Promise.resolve(body.toString('utf8'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    });
    req.once('end', () => (received === length ? resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')) : reject(new Error('body length'))));
    req.once('error', reject);
    req.once('aborted', () => reject(new Error('aborted')));
  });
}
