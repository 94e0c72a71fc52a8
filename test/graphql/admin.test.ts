import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gitSpawnCount } from '../../src/git/command.ts';
import { createAccount } from '../testkit/accounts.ts';
import { adminAuth, graphql } from '../testkit/client.ts';
import { createOrg } from '../testkit/orgs.ts';
import { useServer } from '../testkit/use-server.ts';

const STATUS = `{ systemStatus {
  version uptimeSeconds memory { rss heapUsed heapTotal } database { kind version } redis { configured reachable }
  gitVersion counts { users organizations repositories } configuration { section entries { name value } } } }`;

describe('site administration in GraphQL', () => {
  const server = useServer({
    // The mailer is off: these settings are only shown, never used.
    mailer: { USER: 'mailer-user', PASSWD: 'mailer-secret-password', SMTP_ADDR: 'smtp://smtp-user:smtp-password@mail.example:25' },
  });
  const { api } = server;

  it('a site admin reads the system status: version, database, git version, counts and uptime', async () => {
    const res = await graphql(server.url, STATUS, {}, adminAuth);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const status = res.data.systemStatus;
    assert.ok(status.version.length > 0);
    assert.ok(status.uptimeSeconds >= 0);
    assert.ok(status.memory.rss > 0 && status.memory.heapUsed > 0);
    assert.equal(status.database.kind, server.app.config.database.URL ? 'PostgreSQL' : 'SQLite');
    assert.match(status.database.version, /^\d+\.\d+/);
    assert.match(status.gitVersion, /^\d+\.\d+/);
    assert.deepEqual(status.redis, { configured: !!server.app.config.redis.URL, reachable: server.app.config.redis.URL ? true : null });
    assert.ok(status.counts.users >= 1, 'the admin at least');
  });

  it('the git version is asked of git once, not on every read of the status', async () => {
    await graphql(server.url, '{ systemStatus { gitVersion } }', {}, adminAuth);
    const spawns = gitSpawnCount();
    const again = await graphql(server.url, '{ systemStatus { gitVersion } }', {}, adminAuth);
    assert.match(again.data.systemStatus.gitVersion, /^\d+\.\d+/);
    assert.equal(gitSpawnCount() - spawns, 0);
  });

  it('anyone but a site admin gets FORBIDDEN for the system status and the organization list', async () => {
    const person = await createAccount(api);
    for (const query of [STATUS, '{ adminOrganizations(first: 5) { totalCount } }']) {
      const res = await graphql(server.url, query, {}, person.basic);
      assert.equal(res.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(res));
      assert.equal(res.data, null);
    }
  });

  it('the configuration masks secrets and the credentials of URLs, and shows the rest', async () => {
    const res = await graphql(server.url, STATUS, {}, adminAuth);
    const sections = res.data.systemStatus.configuration as { section: string; entries: { name: string; value: string }[] }[];
    const value = (section: string, name: string) => sections.find((s) => s.section === section)!.entries.find((e) => e.name === name)!.value;
    assert.equal(value('mailer', 'PASSWD'), '******');
    assert.equal(value('mailer', 'USER'), 'mailer-user');
    assert.equal(value('mailer', 'SMTP_ADDR'), 'smtp://******@mail.example:25');
    assert.equal(value('admin', 'PASSWORD'), server.app.config.admin.PASSWORD ? '******' : '');
    assert.equal(value('api', 'DEFAULT_PAGING_NUM'), '30');
    assert.doesNotMatch(JSON.stringify(sections), /mailer-secret-password|smtp-password|smtp-user/);
  });

  it('a site admin lists every organization, private ones too, and finds one by name', async () => {
    const owner = await createAccount(api);
    const org = await createOrg(server, [owner], { visibility: 'private' });
    const res = await graphql(server.url, 'query($q: String) { adminOrganizations(query: $q, first: 10) { totalCount nodes { login visibility } } }', { q: org.login.toUpperCase() }, adminAuth);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.adminOrganizations, { totalCount: 1, nodes: [{ login: org.login, visibility: 'private' }] });
  });
});
