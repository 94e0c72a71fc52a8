import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { repositoryPath } from '../../../src/domain/repo/storage.ts';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth } from '../../testkit/client.ts';
import { failInserts } from '../../testkit/faults.ts';
import { git, gitLocal, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildOrg } from '../../testkit/orgs.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const TEMPLATE_RULES = `# which files are templates
README.md
src/**/*.go
[exclude]
drafts
**/*.secret
`;

describe('generating a repository from a template repository', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  let template: TestRepo;

  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
    template = await buildRepo(server, alice, {
      name: 'tmpl',
      description: 'a starting point',
      files: {
        '.gitea/template': TEMPLATE_RULES,
        '.gitea/other.yaml': 'kept: $REPO_NAME\n',
        'README.md': '# ${REPO_NAME}\n\nBy $REPO_OWNER, from $TEMPLATE_OWNER/$TEMPLATE_NAME ($TEMPLATE_DESCRIPTION).\nPackage ${REPO_NAME_SNAKE}, class ${REPO_NAME_PASCAL}; $UNKNOWN stays bare; costs $$5\n',
        'src/${TEMPLATE_NAME}/main.go': 'package ${REPO_NAME_SNAKE}\n',
        'drafts/notes.md': 'left out\n',
        'config/key.secret': 'left out\n',
        'docs/guide.md': 'not expanded: $REPO_NAME\n',
      },
    });
    assert.equal((await api.patch(template.path, { template: true, topics: undefined }, alice.basic)).status, 200);
    assert.equal((await api.put(`${template.path}/topics`, { topics: ['starter', 'go'] }, alice.basic)).status, 204);
    assert.equal((await api.post(`${template.path}/labels`, { name: 'Kind/Copied', color: '#00aabb', exclusive: true, description: 'from the template' }, alice.basic)).status, 201);
    assert.equal((await api.post(`${template.path}/hooks`, { type: 'gitea', config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' }, events: ['push'], active: true }, alice.basic)).status, 201);
    assert.equal((await api.post(`${template.path}/branch_protections`, { rule_name: 'main', required_approvals: 2 }, alice.basic)).status, 201);
  });

  it('copies the default branch as one new commit, expanding and renaming the files .gitea/template names and leaving out excluded ones', async () => {
    const res = await api.post(`${template.path}/generate`, { owner: bob.login, name: 'my-new_app', description: 'made from tmpl', git_content: true }, bob.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.full_name, `${bob.login}/my-new_app`);
    assert.equal(res.body.empty, false);
    assert.equal(res.body.template, false);
    const work = tempDir();
    const dest = path.join(work.dir, 'gen');
    assert.equal((await git(['clone', '-q', remoteUrl(server.url, bob.login, 'my-new_app'), dest])).status, 0);
    assert.equal(gitLocal(['rev-list', '--count', 'HEAD'], { cwd: dest }).stdout.trim(), '1', 'one new commit, no template history');
    const files = gitLocal(['ls-files'], { cwd: dest }).stdout.trim().split('\n').sort();
    assert.deepEqual(files, ['.gitea/other.yaml', 'README.md', 'docs/guide.md', 'src/tmpl/main.go']);
    const show = (file: string) => gitLocal(['show', `HEAD:${file}`], { cwd: dest }).stdout;
    assert.equal(
      show('README.md'),
      `# my-new_app\n\nBy ${bob.login}, from ${alice.login}/tmpl (a starting point).\nPackage my_new_app, class MyNewApp; UNKNOWN stays bare; costs $5\n`,
    );
    assert.equal(show('src/tmpl/main.go'), 'package my_new_app\n');
    assert.equal(show('docs/guide.md'), 'not expanded: $REPO_NAME\n');
    assert.equal(show('.gitea/other.yaml'), 'kept: $REPO_NAME\n');
    const branches = await api.get(`/repos/${bob.login}/my-new_app/branches`, bob.basic);
    assert.deepEqual(branches.body.map((b: { name: string }) => b.name), ['main']);
  });

  it('copies topics, labels, webhooks and branch protections only when asked', async () => {
    const res = await api.post(`${template.path}/generate`, { owner: alice.login, name: 'with-parts', topics: true, labels: true, webhooks: true, protected_branch: true, private: true, default_branch: 'trunk' }, alice.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.private, true);
    assert.equal(res.body.empty, true);
    assert.equal(res.body.default_branch, 'trunk');
    assert.deepEqual(res.body.topics, ['go', 'starter']);
    const labels = (await api.get(`/repos/${alice.login}/with-parts/labels`, alice.basic)).body;
    assert.deepEqual(labels.map((l: { name: string; color: string; exclusive: boolean }) => [l.name, l.color, l.exclusive]), [['Kind/Copied', '00aabb', true]]);
    const hooks = (await api.get(`/repos/${alice.login}/with-parts/hooks`, alice.basic)).body;
    assert.deepEqual(hooks.map((h: { config: { url: string }; events: string[] }) => [h.config.url, h.events]), [['http://127.0.0.1:9/hook', ['push']]]);
    const rules = (await api.get(`/repos/${alice.login}/with-parts/branch_protections`, alice.basic)).body;
    assert.deepEqual(rules.map((r: { rule_name: string; required_approvals: number }) => [r.rule_name, r.required_approvals]), [['main', 2]]);

    const bare = await api.post(`${template.path}/generate`, { owner: alice.login, name: 'only-topics', topics: true }, alice.basic);
    assert.equal(bare.status, 201);
    assert.deepEqual((await api.get(`/repos/${alice.login}/only-topics/labels`, alice.basic)).body, []);
    assert.deepEqual((await api.get(`/repos/${alice.login}/only-topics/hooks`, alice.basic)).body, []);
  });

  it('generates into an organization the caller may create in; another account, an organization it may not create in (403) or an unknown owner (404) are refused', async () => {
    const org = await buildOrg(server, { owner: bob });
    assert.equal((await api.post(`${template.path}/generate`, { owner: org.login, name: 'in-org', git_content: true }, bob.basic)).status, 201);
    assert.equal((await api.get(`/repos/${org.login}/in-org/contents/README.md`, bob.basic)).status, 200);
    assert.equal((await api.post(`${template.path}/generate`, { owner: org.login, name: 'not-mine', topics: true }, alice.basic)).status, 403);
    assert.equal((await api.post(`${template.path}/generate`, { owner: 'no-such-org', name: 'x', topics: true }, alice.basic)).status, 404);
    assert.equal((await api.post(`${template.path}/generate`, { owner: bob.login, name: 'for-bob', topics: true }, alice.basic)).status, 403);
    assert.equal((await api.post(`${template.path}/generate`, { owner: bob.login, name: 'by-admin', topics: true }, adminAuth)).status, 201, 'site admins generate for anyone');
  });

  it('refuses a repository not marked as a template, a request copying nothing, a taken name and a bad name', async () => {
    const plain = await buildRepo(server, alice, { files: { 'README.md': 'x\n' } });
    const notTemplate = await api.post(`${plain.path}/generate`, { owner: alice.login, name: 'from-plain', git_content: true }, alice.basic);
    assert.equal(notTemplate.status, 422);
    assert.match(notTemplate.body.message, /not a template/);
    const nothing = await api.post(`${template.path}/generate`, { owner: alice.login, name: 'nothing' }, alice.basic);
    assert.equal(nothing.status, 422);
    assert.equal((await api.post(`${template.path}/generate`, { owner: alice.login, name: 'tmpl', topics: true }, alice.basic)).status, 409);
    assert.equal((await api.post(`${template.path}/generate`, { owner: alice.login, name: 'bad name!', topics: true }, alice.basic)).status, 422);
    assert.equal((await api.post(`${template.path}/generate`, { owner: alice.login, name: 'anon', topics: true })).status, 401);
  });

  it("hides a private template from those who may not read it (404)", async () => {
    const secret = await buildRepo(server, alice, { private: true, files: { 'README.md': 'x\n' } });
    assert.equal((await api.patch(secret.path, { template: true }, alice.basic)).status, 200);
    assert.equal((await api.post(`${secret.path}/generate`, { owner: bob.login, name: 'stolen', git_content: true }, bob.basic)).status, 404);
  });

  it('leaves no repository, row or directory, when copying the template part-way fails', async () => {
    const lift = await failInserts(server, 'Label', 'name', 'Kind/Copied');
    try {
      const res = await api.post(`${template.path}/generate`, { owner: alice.login, name: 'half-made', labels: true, git_content: true }, alice.basic);
      assert.ok(res.status >= 500, `status ${res.status}`);
    } finally {
      await lift();
    }
    assert.equal((await api.get(`/repos/${alice.login}/half-made`, alice.basic)).status, 404);
    const count = await server.app.database.db.repository.count({ where: { lowerName: 'half-made' } });
    assert.equal(count, 0);
    const made = await api.post(`${template.path}/generate`, { owner: alice.login, name: 'half-made', labels: true, git_content: true }, alice.basic);
    assert.equal(made.status, 201, 'the name is free again');
    assert.ok(existsSync(repositoryPath(server.app.config, made.body.id)));
  });
});
