import type { RequestHandler } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The server's log: JSON lines (pino), written asynchronously so that logging never blocks the event loop
 * (console.log on a pipe or file writes synchronously, once per request). log.LEVEL "info" writes a line
 * per request; "silent" writes nothing.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    { level: level === 'silent' ? 'silent' : 'info', base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
    destination ?? pino.destination({ fd: 1, sync: false }),
  );
}

/** One line per request: method, path (no query: it may hold a token), status, duration. */
export function requestLog(logger: Logger): RequestHandler {
  if (!logger.isLevelEnabled('info')) return (_req, _res, next) => next();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // Taken now: routers mounted under a path rewrite req.url (and so req.path) while the request runs.
    const path = req.path;
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
    });
    next();
  };
}
