import type { RequestHandler } from 'express';

/**
 * Several middleware run as one: the framework matches and dispatches one layer instead of one per
 * middleware, which every request would pay for. Each still decides whether the request goes on.
 */
export function inSequence(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (err?: unknown) => {
      if (err) return next(err);
      const handler = handlers[index++];
      if (!handler) return next();
      void handler(req, res, step);
    };
    step();
  };
}
