import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { createAccount } from '../testkit/accounts.ts';
import { createOrg } from '../testkit/orgs.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { loadAreaFixtures, type Rule, type ValidationTarget, type ValidationWorld } from '../testkit/walking.ts';
import { bodyOf, documentPath, fill, renderDocument, RULES } from './validation-rules.ts';

/** Where each operation's cases go (each area's targets, test/rest/fixtures/<area>.ts). */
const targets: Record<string, ValidationTarget> = Object.assign({}, ...(await loadAreaFixtures()).map((area) => area.validation?.targets ?? {}));

describe('REST input validation follows Gitea (docs/rest-validation.md)', () => {
  const server = useServer();
  const { api } = server;
  const world = { server, api, base: 'base' } as ValidationWorld;
  let counter = 0;

  before(async () => {
    world.alice = await createAccount(api);
    world.bob = await createAccount(api);
    world.org = await createOrg(server, [world.alice]);
    for (const name of [world.base, 'taken']) await buildRepo(server, world.alice, { name, autoInit: true });
    world.freshRepo = async (prefix, u) => (await buildRepo(server, world.alice, { name: `${prefix}${u}`, autoInit: true })).path;
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
        const target = await targets[rule.operation](world, u);
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
