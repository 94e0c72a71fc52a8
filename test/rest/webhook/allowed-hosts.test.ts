import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hostMatcher } from '../../../src/domain/webhook/allowed-hosts.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer, type ServerKit } from '../../testkit/use-server.ts';
import { startReceiver } from './receiver.ts';

/** The delivery rows of a repository once each was attempted at least once. */
async function attempted(server: ServerKit, repo: TestRepo, count: number) {
  const deadline = Date.now() + 15000;
  for (;;) {
    const rows = await server.app.database.db.hookTask.findMany({ where: { hook: { repoId: repo.id } }, include: { hook: true }, orderBy: { id: 'asc' } });
    if (rows.length >= count && rows.every((r) => r.attempts >= 1)) return rows;
    assert.ok(Date.now() < deadline, `expected ${count} attempted deliveries, have ${rows.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('webhook.ALLOWED_HOST_LIST', () => {
  it('reads loopback, private, external, *, CIDRs and host globs as Gitea does', () => {
    const external = hostMatcher('external');
    assert.equal(external.allows('example.com', '93.184.216.34'), true);
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', 'fe80::1', '0.0.0.0', '::ffff:127.0.0.1']) {
      assert.equal(external.allows('h', address), false, address);
    }
    assert.equal(hostMatcher('loopback').allows('h', '127.0.0.2'), true);
    assert.equal(hostMatcher('loopback').allows('h', '10.0.0.1'), false);
    assert.equal(hostMatcher('private').allows('h', '10.0.0.1'), true);
    assert.equal(hostMatcher('private').allows('h', '169.254.169.254'), false);
    assert.equal(hostMatcher('10.0.0.0/8,*.example.com').allows('a.example.com', '127.0.0.1'), true);
    assert.equal(hostMatcher('10.0.0.0/8,*.example.com').allows('x', '10.9.9.9'), true);
    assert.equal(hostMatcher('10.0.0.0/8,*.example.com').allows('x', '11.0.0.1'), false);
    assert.equal(hostMatcher('*').allows('x', '169.254.169.254'), true);
  });

  describe('by default (external)', () => {
    const server = useServer({ webhook: { RETRY_BACKOFF: 60 } });
    const { api } = server;
    let owner: TestAccount;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    before(async () => {
      [owner] = await createAccounts(api, 1);
      receiver = await startReceiver();
    });
    after(() => receiver.close());

    it('refuses to deliver to loopback, private and link-local addresses, by address or through a DNS name, and records why', async () => {
      const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
      const urls = [receiver.url('/direct'), `http://localhost:${receiver.port}/by-name`, 'http://10.255.255.1:9/private', 'http://169.254.169.254/latest/meta-data'];
      for (const url of urls) {
        const res = await api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url, content_type: 'json' }, active: true }, owner.basic);
        assert.equal(res.status, 201);
      }
      await api.post(`${repo.path}/contents/b.txt`, { content: Buffer.from('b').toString('base64'), message: 'b' }, owner.basic);
      const rows = await attempted(server, repo, urls.length);
      for (const row of rows) {
        assert.equal(row.succeeded, false, row.hook.url);
        assert.equal(row.responseStatus, null, row.hook.url);
        assert.match(row.responseBody, /allowed hosts/, row.hook.url);
      }
      assert.equal(receiver.received.length, 0);
    });
  });

  describe('on redirects', () => {
    const server = useServer({ webhook: { ALLOWED_HOST_LIST: 'localhost', RETRY_BACKOFF: 60 } });
    const { api } = server;
    let owner: TestAccount;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    before(async () => {
      [owner] = await createAccounts(api, 1);
      receiver = await startReceiver();
    });
    after(() => receiver.close());

    it('checks the address of every redirect: an allowed host that redirects to a refused address is not followed there', async () => {
      const repo = await buildRepo(server, owner, { files: { 'a.txt': 'a\n' } });
      const target = encodeURIComponent(receiver.url('/target'));
      const res = await api.post(`${repo.path}/hooks`, { type: 'gitea', config: { url: `http://localhost:${receiver.port}/redirect?to=${target}`, content_type: 'json' }, active: true }, owner.basic);
      assert.equal(res.status, 201);
      await api.post(`${repo.path}/contents/b.txt`, { content: Buffer.from('b').toString('base64'), message: 'b' }, owner.basic);
      const [row] = await attempted(server, repo, 1);
      assert.equal(receiver.received.filter((r) => r.path.startsWith('/redirect')).length, 1);
      assert.equal(receiver.received.filter((r) => r.path === '/target').length, 0);
      assert.equal(row.succeeded, false);
      assert.match(row.responseBody, /allowed hosts/);
    });
  });
});
