import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { existsSync } from 'node:fs';
import { createAccounts } from '../../testkit/accounts.ts';
import { failInserts } from '../../testkit/faults.ts';
import { createOrg } from '../../testkit/orgs.ts';
import { useServer } from '../../testkit/use-server.ts';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';

describe('DELETE /orgs/{org}/repos', () => {
  const server = useServer();
  const { api } = server;

  it("deletes every repository of the organization, rows and git directories, for its owners only", async () => {
    const [owner, member, outsider] = await createAccounts(api, 3);
    const org = await createOrg(server, [owner]);
    const ids: number[] = [];
    for (const name of ['one', 'two', 'three']) {
      const made = await api.post(`/orgs/${org.login}/repos`, { name, auto_init: true }, owner.basic);
      assert.equal(made.status, 201, JSON.stringify(made.body));
      ids.push(made.body.id);
    }
    const team = await api.post(`/orgs/${org.login}/teams`, { name: 'readers', permission: 'read', units: ['repo.code'] }, owner.basic);
    await api.put(`/teams/${team.body.id}/members/${member.login}`, {}, owner.basic);
    assert.equal((await api.delete(`/orgs/${org.login}/repos`, member.basic)).status, 403);
    assert.equal((await api.delete(`/orgs/${org.login}/repos`, outsider.basic)).status, 403);
    assert.equal((await api.delete('/orgs/no-such-org-here/repos', owner.basic)).status, 404);
    assert.equal((await api.get(`/orgs/${org.login}/repos`)).body.length, 3);

    assert.equal((await api.delete(`/orgs/${org.login}/repos`, owner.basic)).status, 204);
    assert.deepEqual((await api.get(`/orgs/${org.login}/repos`)).body, []);
    for (const id of ids) assert.equal(existsSync(repositoryPath(server.app.config, id)), false);
    // Empty now, the organization itself may go.
    assert.equal((await api.delete(`/orgs/${org.login}`, owner.basic)).status, 204);
  });

  it('deletes none when one of them cannot be deleted', async () => {
    const [owner] = await createAccounts(api, 1);
    const org = await createOrg(server, [owner]);
    const ids: number[] = [];
    for (const name of ['kept-a', 'kept-b']) ids.push((await api.post(`/orgs/${org.login}/repos`, { name, auto_init: true }, owner.basic)).body.id);
    // The deletion's event log entry fails part-way: the transaction rolls back.
    const restore = await failInserts(server, 'DomainEvent', 'topic', 'repo.deleted');
    try {
      assert.notEqual((await api.delete(`/orgs/${org.login}/repos`, owner.basic)).status, 204);
    } finally {
      await restore();
    }
    assert.equal((await api.get(`/orgs/${org.login}/repos`)).body.length, 2);
    for (const id of ids) assert.equal(existsSync(repositoryPath(server.app.config, id)), true);
  });
});
