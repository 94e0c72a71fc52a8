import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request, Response } from 'express';

/** Where the explorer's script and stylesheet are served, under the GraphQL path. */
export const EXPLORER_ASSETS = '/explorer/';

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

interface Explorer {
  /** The page for the given GraphiQL options: its script and stylesheet come from this server. */
  page(options: Record<string, unknown>): string;
  /** Assets by file name (the name carries a hash of the content, so they are cached for good). */
  assets: Map<string, Asset>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON placed in a <script> element: `<` escaped so no text of it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const compress = promisify(gzip);

/** Compressed on the thread pool: the script takes a quarter of a second, which the event loop does not wait for. */
async function asset(type: string, content: string | Buffer): Promise<Asset> {
  const body = Buffer.from(content);
  return { type, body, gzip: await compress(body) };
}

function named(prefix: string, ext: string, text: string | Buffer) {
  return `${prefix}-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.${ext}`;
}

let explorer: Promise<Explorer> | undefined;

/**
 * GraphiQL as @graphql-yoga/render-graphiql bundles it (React, the editors and their workers in one script), served
 * whole by the server: a browser without internet access still gets every script and style. The bundle (9 MB) is read
 * with the first explorer request; the script and the stylesheet are separate files, compressed once and cached by the
 * browser for good, so the page itself stays small.
 */
export function loadExplorer(prefix: string): Promise<Explorer> {
  return (explorer ??= (async (): Promise<Explorer> => {
    const bundle = await import('@graphql-yoga/render-graphiql/graphiql');
    // Monaco's workers start from blob URLs made of their sources, which the script carries.
    const script = `(function () {
  function blobUrl(source) { return URL.createObjectURL(new Blob([source], { type: 'application/javascript' })); }
  var workers = {
    editorWorkerService: blobUrl(${JSON.stringify(bundle.editorWorkerService)}),
    json: blobUrl(${JSON.stringify(bundle.jsonWorker)}),
    graphql: blobUrl(${JSON.stringify(bundle.graphqlWorker)}),
  };
  self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: function (_id, label) { return workers[label]; } };
})();
${bundle.js};
YogaGraphiQL.renderYogaGraphiQL(document.querySelector('#root'), JSON.parse(document.querySelector('#graphiql-options').textContent));
`;
    const scriptName = named('graphiql', 'js', script);
    const styleName = named('graphiql', 'css', bundle.css);
    // The icon comes as a data: URL of 150 kB; as a file the page stays small.
    const icon = /^data:([^;,]+);base64,(.*)$/s.exec(bundle.favicon);
    const iconBody = icon ? Buffer.from(icon[2], 'base64') : undefined;
    const iconName = iconBody && named('favicon', 'ico', iconBody);
    const assets = new Map(
      await Promise.all([
        asset('application/javascript; charset=utf-8', script).then((a) => [scriptName, a] as const),
        asset('text/css; charset=utf-8', bundle.css).then((a) => [styleName, a] as const),
        ...(iconBody && iconName ? [asset(icon![1], iconBody).then((a) => [iconName, a] as const)] : []),
      ]),
    );
    const base = `${prefix}${EXPLORER_ASSETS}`;
    return {
      assets,
      page: (options) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${escapeHtml(String(options.title ?? 'GraphiQL'))}</title>
    <link rel="icon" href="${iconName ? `${base}${iconName}` : escapeHtml(bundle.favicon)}" />
    <link rel="stylesheet" href="${base}${styleName}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div>
    <script type="application/json" id="graphiql-options">${scriptJson(options)}</script>
    <script src="${base}${scriptName}"></script>
  </body>
</html>
`,
    };
  })().catch((err: unknown) => {
    explorer = undefined; // the next request tries again
    throw err;
  }));
}

/** Answers a GET for one of the explorer's assets (`name` is the file name after EXPLORER_ASSETS); false if none. */
export async function sendExplorerAsset(prefix: string, name: string, req: Request, res: Response): Promise<boolean> {
  const found = (await loadExplorer(prefix)).assets.get(name);
  if (!found) return false;
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? found.gzip : found.body;
  res.status(200);
  res.setHeader('Content-Type', found.type);
  res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  res.setHeader('Vary', 'Accept-Encoding');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
