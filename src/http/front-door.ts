import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';

export interface FrontDoorParts {
  /** Everything the front door does not answer itself: GraphQL, git, the final 404 and error handler. */
  web: Express;
  /** Runs first, for every request (repeated slashes, the request log, CORS); may end the request. */
  before: RequestHandler;
  /** Exact pages that take precedence over API operations (the documents under /api/v1). */
  pages: RequestHandler;
  /** The REST operations: `prefix` (e.g. /api/v1, matched without regard to case) and what runs under it. */
  api: { prefix: string; authenticate: RequestHandler; operations: RequestHandler };
  onError: ErrorRequestHandler;
}

/**
 * The server's classes of request and response: node's, with express's request and response API as their
 * prototypes from the start. Express otherwise swaps the prototype of every request and response it handles
 * (Object.setPrototypeOf); V8 then gives each of them a hidden class of its own, in the old generation,
 * which slows every later property read and costs major GCs under load. Express still makes the same call,
 * but with the prototype the object already has, it changes nothing.
 */
export function expressMessages(web: Express): Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'> {
  function ExpressRequest(this: IncomingMessage, socket: Socket) {
    IncomingMessage.call(this, socket);
  }
  ExpressRequest.prototype = web.request;
  function ExpressResponse(this: ServerResponse, req: IncomingMessage, options?: unknown) {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: unknown) => void).call(this, req, options);
  }
  ExpressResponse.prototype = web.response;
  return { IncomingMessage: ExpressRequest as unknown as typeof IncomingMessage, ServerResponse: ExpressResponse as unknown as typeof ServerResponse };
}

/**
 * The server's request handler, for a server made with expressMessages(web): every request and response has
 * express's API, so handlers use the same API everywhere. API operations go straight to the facade's route
 * tree instead of through express's router of layers, which every one of the API's requests would otherwise
 * pay for. Everything else goes on to express.
 */
export function frontDoor(parts: FrontDoorParts): (req: IncomingMessage, res: ServerResponse) => void {
  const { web, before, pages, api, onError } = parts;
  const prefix = api.prefix.toLowerCase();
  const underApi = (url: string) => {
    if (url.length < prefix.length || url.slice(0, prefix.length).toLowerCase() !== prefix) return false;
    const next = url[prefix.length];
    return next === undefined || next === '/' || next === '?';
  };

  return (incoming, outgoing) => {
    const req = incoming as Request;
    const res = outgoing as Response;
    req.res = res;
    res.req = req;
    res.locals = Object.create(null);
    const fail = (err: unknown) => {
      // Once the answer has begun, no error answer can follow: the connection is closed, as express does.
      if (res.headersSent) {
        console.error('unexpected error after the answer began', err);
        return void req.socket.destroy();
      }
      onError(err, req, res, () => undefined);
    };

    run(before, req, res, fail, () => {
      // The URL as routed (repeated slashes collapsed): links built from it stay on this host.
      req.originalUrl = req.url;
      run(pages, req, res, fail, () => {
        if (!underApi(req.url)) return web(req, res);
        req.baseUrl = req.url.slice(0, prefix.length);
        req.url = req.url.slice(prefix.length) || '/';
        if (req.url[0] === '?') req.url = '/' + req.url;
        const onward = () => {
          req.url = req.originalUrl;
          req.baseUrl = '';
          web(req, res);
        };
        run(api.authenticate, req, res, fail, () => run(api.operations, req, res, fail, onward));
      });
    });
  };
}

/** Calls a middleware as a router would: a throw or a rejected promise goes to `fail`, `next()` to `then`. */
function run(handler: RequestHandler, req: Request, res: Response, fail: (err: unknown) => void, then: () => void) {
  try {
    const result: unknown = handler(req, res, (err?: unknown) => (err ? fail(err) : then()));
    if (result instanceof Promise) result.catch(fail);
  } catch (err) {
    fail(err);
  }
}
