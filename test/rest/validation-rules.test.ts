import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth, type Auth } from '../testkit/client.ts';
import { createOrg, type TestOrg } from '../testkit/orgs.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { bodyOf, documentPath, fill, renderDocument, RULES, type Rule } from './validation-rules.ts';

interface Sent {
  method: string;
  path: string;
  auth: Auth;
}

describe('REST input validation follows Gitea (docs/rest-validation.md)', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  let org: TestOrg;
  const base = 'base';
  let counter = 0;

  /** Where each operation's cases go; some make a fresh resource per case, as the case may change it. */
  let targets: Record<string, (u: string) => Promise<Sent>>;

  before(async () => {
    alice = await createAccount(api);
    bob = await createAccount(api);
    org = await createOrg(server, [alice]);
    for (const name of [base, 'taken']) await buildRepo(server, alice, { name, autoInit: true });
    const freshRepo = async (prefix: string, u: string) => (await buildRepo(server, alice, { name: `${prefix}${u}`, autoInit: true })).path;
    targets = {
      orgCreate: async () => ({ method: 'POST', path: '/orgs', auth: alice.basic }),
      orgEdit: async () => ({ method: 'PATCH', path: `/orgs/${org.login}`, auth: alice.basic }),
      orgCreateTeam: async () => ({ method: 'POST', path: `/orgs/${org.login}/teams`, auth: alice.basic }),
      orgEditTeam: async (u) => {
        const team = await api.post(`/orgs/${org.login}/teams`, { name: `edit${u}`, permission: 'read' }, alice.basic);
        return { method: 'PATCH', path: `/teams/${team.body.id}`, auth: alice.basic };
      },
      issueCreateLabel: async () => ({ method: 'POST', path: `/repos/${alice.login}/${base}/labels`, auth: alice.basic }),
      issueEditLabel: async (u) => {
        const label = await api.post(`/repos/${alice.login}/${base}/labels`, { name: `edit${u}`, color: '#000000' }, alice.basic);
        return { method: 'PATCH', path: `/repos/${alice.login}/${base}/labels/${label.body.id}`, auth: alice.basic };
      },
      orgCreateLabel: async () => ({ method: 'POST', path: `/orgs/${org.login}/labels`, auth: alice.basic }),
      adminCreateUser: async () => ({ method: 'POST', path: '/admin/users', auth: adminAuth }),
      adminEditUser: async () => ({ method: 'PATCH', path: `/admin/users/${(await createAccount(api)).login}`, auth: adminAuth }),
      userCreateToken: async () => ({ method: 'POST', path: `/users/${alice.login}/tokens`, auth: alice.basic }),
      createCurrentUserRepo: async () => ({ method: 'POST', path: '/user/repos', auth: alice.basic }),
      repoEdit: async (u) => ({ method: 'PATCH', path: await freshRepo('edit', u), auth: alice.basic }),
      repoTransfer: async (u) => ({ method: 'POST', path: `${await freshRepo('give', u)}/transfer`, auth: alice.basic }),
      repoAddCollaborator: async () => ({ method: 'PUT', path: `/repos/${alice.login}/${base}/collaborators/${bob.login}`, auth: alice.basic }),
      repoCreateFile: async (u) => ({ method: 'POST', path: `/repos/${alice.login}/${base}/contents/file-${u}.txt`, auth: alice.basic }),
      issueCreateMilestone: async () => ({ method: 'POST', path: `/repos/${alice.login}/${base}/milestones`, auth: alice.basic }),
      repoChangeFiles: async () => ({ method: 'POST', path: `/repos/${alice.login}/${base}/contents`, auth: alice.basic }),
    };
  });

  it('keeps docs/rest-validation.md generated from the rules (npx tsx test/rest/validation-rules.ts)', () => {
    assert.equal(readFileSync(documentPath, 'utf8'), renderDocument());
  });

  it('has a target for every operation the rules name, and cases on both sides where a rule refuses anything', () => {
    for (const rule of RULES) {
      assert.ok(targets[rule.operation], `no target for ${rule.operation}`);
      assert.ok(rule.cases.length > 0, `${rule.operation} ${rule.field} has no case`);
    }
  });

  const title = (rule: Rule) => `${rule.operation} ${rule.field}: ${rule.graft === 'the same' ? rule.gitea : rule.graft}`;
  for (const rule of RULES) {
    it(title(rule), async () => {
      const problems: string[] = [];
      for (const c of rule.cases) {
        const u = `k${++counter}`;
        const body = fill(bodyOf(rule, c), u);
        const target = await targets[rule.operation](u);
        const res = await api.request(target.method, target.path, { body, auth: target.auth });
        const label = `${target.method} ${target.path} ${JSON.stringify(body).slice(0, 160)}`;
        if (res.status !== c.status) problems.push(`${label}: ${res.status} (expected ${c.status}) ${JSON.stringify(res.body)?.slice(0, 200)}`);
        else if (c.check) {
          try {
            assert.deepEqual(c.check(res.body), c.expect);
          } catch {
            problems.push(`${label}: answered ${JSON.stringify(c.check(res.body))}, expected ${JSON.stringify(c.expect)}`);
          }
        }
        if (res.status >= 400 && typeof res.body?.message !== 'string') problems.push(`${label}: a refusal without a message`);
      }
      assert.deepEqual(problems, []);
    });
  }
});
