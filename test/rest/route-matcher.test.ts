import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { routes } from '../../rest-facade/__generated__/routes.ts';
import { MalformedPathError, RouteMatcher } from '../../rest-facade/route-matcher.ts';
import { SLASHED_PATH_PARAMS, type Route } from '../../rest-facade/route-table.ts';

const DIFF_TYPES = ['diff', 'patch'];
const valuesOf = (_route: Route, param: string) => (param === 'diffType' ? DIFF_TYPES : undefined);

/** The rule the tree must keep: the first route of the ordered table whose pattern and method match. */
function firstInTable(method: string, path: string): Route | undefined {
  const wanted = method === 'head' ? 'get' : method;
  return routes.find((route) => {
    if (route.method !== wanted) return false;
    const segments = route.path.split('/').filter(Boolean);
    const source = segments
      .map((segment, i) => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (param) return i === segments.length - 1 && SLASHED_PATH_PARAMS.has(param) ? '/(.+)' : '/([^/]+)';
        return '/' + segment.replace(/\{(\w+)\}|[^{]+/g, (whole, name?: string) => (name ? (name === 'diffType' ? '(diff|patch)' : '([^/]+)') : whole.replace(/[.]/g, '\\.')));
      })
      .join('');
    return new RegExp(`^${source}/?$`, 'i').test(path);
  });
}

/** Concrete paths for a route: its parameters filled with values that also fit other routes' literals. */
function samplePaths(route: Route): string[] {
  const fillings = [
    (name: string) => `${name}-x`,
    (name: string) => (SLASHED_PATH_PARAMS.has(name) ? 'feature/deep/name' : 'main'),
    () => 'branches',
    () => 'a.b.diff',
  ];
  return fillings.map((fill) => route.path.replace(/\{(\w+)\}/g, (_w, name: string) => (name === 'diffType' ? 'patch' : fill(name))));
}

describe('the route tree', () => {
  const matcher = new RouteMatcher(routes, valuesOf);

  it('finds, for every path of every operation, the route the ordered table finds first', () => {
    let compared = 0;
    for (const route of routes) {
      for (const path of samplePaths(route)) {
        for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head']) {
          const expected = firstInTable(method, path);
          const actual = matcher.match(method.toUpperCase(), path)?.route;
          assert.equal(actual?.operationId, expected?.operationId, `${method.toUpperCase()} ${path}`);
          compared++;
        }
      }
    }
    assert.ok(compared > routes.length * 20, `only ${compared} comparisons`);
  });

  it('decodes parameters, joins a trailing wildcard and ignores a trailing slash and the case of literals', () => {
    const contents = matcher.match('GET', '/REPOS/o%20wner/r/contents/dir/a%2Fb.txt/');
    assert.equal(contents?.route.operationId, 'repoGetContents');
    assert.deepEqual(contents?.params, { owner: 'o wner', repo: 'r', filepath: 'dir/a/b.txt' });
  });

  it('takes the last ".diff" or ".patch" of a commit path as its type, the rest as the commit', () => {
    const match = matcher.match('GET', '/repos/o/r/git/commits/v1.2.diff');
    assert.equal(match?.route.operationId, 'repoDownloadCommitDiffOrPatch');
    assert.deepEqual(match?.params, { owner: 'o', repo: 'r', sha: 'v1.2', diffType: 'diff' });
    assert.equal(matcher.match('GET', '/repos/o/r/git/commits/v1.2')?.route.operationId, 'repoGetSingleCommit');
  });

  it('finds nothing for an unknown path, an empty segment or a method no route has', () => {
    assert.equal(matcher.match('GET', '/no/such/operation'), undefined);
    assert.equal(matcher.match('GET', '/repos//r'), undefined);
    assert.equal(matcher.match('PATCH', '/version'), undefined);
  });

  it('refuses a parameter that is not valid percent-encoding', () => {
    assert.throws(() => matcher.match('GET', '/repos/%E0%A4%A/r'), MalformedPathError);
  });
});
