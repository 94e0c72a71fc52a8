import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, createToken, type TestAccount } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

describe('templates through GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let alice: TestAccount;
  let bob: TestAccount;
  before(async () => {
    [alice, bob] = await createAccounts(api, 2);
  });

  it('answers the gitignore names, the SPDX licenses with their titles, and the labels of a set with their priorities', async () => {
    const res = await graphql(
      server.url,
      '{ gitignoreTemplates licenseTemplate(key: "MIT") { key title osiApproved apiUrl } labelTemplates labelTemplate(name: "Advanced") { name color exclusive priority } }',
    );
    assert.deepEqual(res.errors, undefined);
    assert.ok(res.data.gitignoreTemplates.includes('Node'));
    assert.deepEqual(res.data.licenseTemplate, { key: 'MIT', title: 'MIT License', osiApproved: true, apiUrl: `${server.url}api/v1/licenses/MIT` });
    assert.deepEqual(res.data.labelTemplates, ['Advanced', 'Default']);
    assert.deepEqual(res.data.labelTemplate.find((l: { name: string }) => l.name === 'Priority/Low'), { name: 'Priority/Low', color: '4caf50', exclusive: true, priority: 'low' });
    const missing = await graphql(server.url, '{ gitignoreTemplate(name: "Nope") { name } }');
    assert.equal(missing.errors?.[0]?.extensions?.code, 'NOT_FOUND');
  });

  it('generateRepository makes a repository from a template, and needs the write:repository scope', async () => {
    const template = await buildRepo(server, alice, { name: 'gql-template', files: { 'README.md': '# $REPO_NAME\n', '.gitea/template': 'README.md\n' } });
    assert.equal((await api.patch(template.path, { template: true }, alice.basic)).status, 200);
    const mutation = (name: string) =>
      `mutation { generateRepository(templateOwner: "${alice.login}", templateName: "gql-template", input: { owner: "${bob.login}", name: "${name}", gitContent: true }) { fullName isEmpty licenses } }`;
    const made = await graphql(server.url, mutation('gql-made'), undefined, bob.basic);
    assert.deepEqual(made.errors, undefined);
    assert.deepEqual(made.data.generateRepository, { fullName: `${bob.login}/gql-made`, isEmpty: false, licenses: [] });
    const readme = await api.get(`/repos/${bob.login}/gql-made/contents/README.md`, bob.basic);
    assert.equal(Buffer.from(readme.body.content, 'base64').toString(), '# gql-made\n');
    const readOnly = await createToken(api, bob, ['read:repository']);
    const refused = await graphql(server.url, mutation('gql-refused'), undefined, { token: readOnly });
    assert.equal(refused.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(refused));
  });

  it('creates the labels of a set in a constant number of statements, however many labels it holds', async () => {
    const cost = async (name: string, set: string) => {
      await server.app.backgroundIdle();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.post('/user/repos', { name, issue_labels: set }, alice.basic);
      assert.equal(res.status, 201, JSON.stringify(res.body));
      // The background work the creation starts is counted whole, so where it runs does not change the count.
      await server.app.backgroundIdle();
      return server.app.database.queryCount() - before;
    };
    await cost('warm-up', 'Default');
    assert.equal(await cost('with-advanced', 'Advanced'), await cost('with-default', 'Default'));
  });
});
