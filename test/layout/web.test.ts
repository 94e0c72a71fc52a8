import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { filesUnder } from '../testkit/source-files.ts';

/**
 * The web interface is a client of the GraphQL API alone (src/web/app/client.ts talks to /api/graphql): its pages
 * make no REST call and no request of their own, so what a page needs is added to the graph, where every client
 * gets it. Links a person follows (raw files, archives, the API's documentation) are not requests of the page.
 */
const ALLOWED = new Set(['src/web/app/client.ts']);

/** Lines that call the REST API or make a request outside the GraphQL client. */
function ownRequests(source: string): number[] {
  return source.split('\n').flatMap((line, i) =>
    /\bfetch\s*\(|\bXMLHttpRequest\b|\bnew\s+WebSocket\b|\bnew\s+EventSource\b|axios|['"`]\/api\/v1\//.test(line) ? [i + 1] : [],
  );
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const web = path.join(root, 'src/web');
const sources = [...filesUnder(web, '.ts'), ...filesUnder(web, '.tsx')]
  .map((file) => ({ file: path.relative(root, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }))
  .filter(({ file }) => !file.includes('/__generated__/') && !ALLOWED.has(file) && !file.endsWith('build.ts') && !file.endsWith('vite.config.ts'));

describe('the web interface reads the GraphQL API only', () => {
  it('finds requests in samples, and not GraphQL hooks or links, so the scan below is not vacuous', () => {
    const forbidden = ["const res = await fetch('/api/v1/user');", 'const x = new XMLHttpRequest();', "  get('/api/v1/repos/' + name)", 'new WebSocket(url)'].join('\n');
    assert.deepEqual(ownRequests(forbidden), [1, 2, 3, 4]);
    const allowed = ["const [{ data }] = useQuery({ query: HomeDocument });", '<a href={`/${repo.fullName}/raw/branch/main/${path}`}>Raw</a>', "<a href=\"/api/swagger\">API</a>"].join('\n');
    assert.deepEqual(ownRequests(allowed), []);
  });

  it('has pages and components that make no request of their own', () => {
    assert.ok(sources.length > 5, `the scan reads the web interface's sources (${sources.length})`);
    const found = sources.flatMap(({ file, text }) => ownRequests(text).map((line) => `${file}:${line}`));
    assert.deepEqual(found, [], 'requests outside the GraphQL client');
  });
});
