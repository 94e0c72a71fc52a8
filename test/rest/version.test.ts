import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/load.ts';
import { useServer, type ServerKit } from '../testkit/use-server.ts';

const graftVersion: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
/** semver.org 2.0, as Gitea clients parse the version. */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

/** GET /api/v1/version, the served document's info.version and GraphQL's giteaVersion and version, at once. */
async function versionsOf(server: ServerKit) {
  const rest = await server.api.get('/version');
  assert.equal(rest.status, 200);
  const documentVersion = (await (await fetch(new URL('swagger.v1.json', server.url))).json()).info.version;
  const gql = await server.graphql('{ giteaVersion version }');
  assert.equal(gql.errors, undefined);
  return { rest: rest.body.version, document: documentVersion, graphql: gql.data.giteaVersion, graft: gql.data.version };
}

describe('the version Graft reports to Gitea clients', () => {
  const server = useServer();

  it("is the Gitea release whose API Graft implements, 1.x.y, with Graft's version as build metadata, everywhere Gitea reports its own", async () => {
    const versions = await versionsOf(server);
    assert.match(versions.rest, SEMVER);
    assert.match(versions.rest, new RegExp(`^1\\.\\d+\\.\\d+\\+graft\\.${graftVersion.replace(/\./g, '\\.')}$`));
    assert.equal(versions.document, versions.rest);
    assert.equal(versions.graphql, versions.rest);
    assert.equal(versions.graft, graftVersion, "GraphQL's version stays Graft's own");
  });

  it('sends no X-Gitea-Version header, as Gitea sends none', async () => {
    const res = await server.api.get('/version');
    assert.equal(res.headers.get('x-gitea-version'), null);
  });
});

describe('api.GITEA_VERSION', () => {
  const server = useServer({ api: { GITEA_VERSION: '1.22.6+custom' } });

  it('replaces the reported version in /api/v1/version, the served document and GraphQL', async () => {
    const versions = await versionsOf(server);
    assert.deepEqual(versions, { rest: '1.22.6+custom', document: '1.22.6+custom', graphql: '1.22.6+custom', graft: graftVersion });
  });

  it('is set from GRAFT__api__GITEA_VERSION, and a value that is no semantic version stops the start', () => {
    assert.equal(loadConfig({ env: { GRAFT__api__GITEA_VERSION: '1.23.0' }, file: null }).api.GITEA_VERSION, '1.23.0');
    for (const bad of ['latest', '1.23', 'v1.23.0', '1.23.0+']) {
      assert.throws(() => loadConfig({ env: { GRAFT__api__GITEA_VERSION: bad }, file: null }), ConfigError, bad);
    }
  });
});
