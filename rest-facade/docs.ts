import { createRequire } from 'node:module';
import path from 'node:path';
import express from 'express';
import { openApiDocument } from './openapi.ts';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The OpenAPI document with its server URL set for this instance, as Gitea serves swagger.v1.json; info.version
 * is the version /api/v1/version reports, as in Gitea's.
 */
export function documentFor(rootUrl: string, version: string) {
  return {
    ...openApiDocument,
    info: { ...openApiDocument.info, version },
    servers: [{ url: new URL('api/v1', rootUrl).toString() }],
  };
}

/** Links are built from ROOT_URL so the viewer works behind a proxy at a sub-path. */
const page = (rootUrl: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Graft API</title>
  <link rel="stylesheet" href="${new URL('api/swagger-ui/swagger-ui.css', rootUrl)}">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${new URL('api/swagger-ui/swagger-ui-bundle.js', rootUrl)}"></script>
  <script>window.ui = SwaggerUIBundle({ url: ${JSON.stringify(new URL('swagger.v1.json', rootUrl).toString())}, dom_id: '#swagger-ui', deepLinking: true });</script>
</body>
</html>`;

/**
 * The document and its interactive viewer: /swagger.v1.json, /api/v1/swagger.json, /api/v1/swagger, /api/swagger.
 * Every request passes here first: exact paths are one map lookup, not a router of their own.
 */
export function createDocsRouter(rootUrl: () => string, version: string): express.RequestHandler {
  const sendDocument: express.RequestHandler = (_req, res) => {
    res.json(documentFor(rootUrl(), version));
  };
  const viewer: express.RequestHandler = (_req, res) => {
    res.type('html').send(page(rootUrl()));
  };
  const pages = new Map<string, express.RequestHandler>([
    ['/swagger.v1.json', sendDocument],
    ['/api/v1/swagger.json', sendDocument],
    ['/api/v1/swagger', viewer],
    ['/api/swagger', viewer],
  ]);
  const assets = express.Router();
  assets.use('/api/swagger-ui', express.static(swaggerUiDir, { index: false }));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // As a router would: without regard to case or a trailing slash.
    const handler = pages.get(req.path.toLowerCase().replace(/(.)\/$/, '$1'));
    if (handler) return handler(req, res, next);
    if (req.path.startsWith('/api/swagger-ui/')) return assets(req, res, next);
    next();
  };
}
