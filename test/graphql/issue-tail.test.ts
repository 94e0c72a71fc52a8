import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, createToken, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

describe('pins, issue search and issue templates in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, {
      collaborators: [[writer, 'write']],
      files: { '.github/ISSUE_TEMPLATE/form.yml': 'name: Form\nabout: A form\nbody:\n  - type: input\n    id: what\n    attributes:\n      label: What\n      placeholder: ""\n' },
    });
    for (const title of ['one', 'two']) assert.equal((await api.post(`${repo.path}/issues`, { title }, owner.basic)).status, 201);
  });

  const variables = () => ({ owner: repo.owner, name: repo.name });

  it('pinIssue, moveIssuePin and unpinIssue answer the issue with its position, and Repository.pinnedIssues lists them', async () => {
    const pin = 'mutation($owner: String!, $name: String!, $number: Int!) { pinIssue(owner: $owner, name: $name, number: $number) { number pinOrder } }';
    assert.deepEqual((await server.graphql(pin, { ...variables(), number: 1 }, owner.basic)).data.pinIssue, { number: 1, pinOrder: 1 });
    assert.deepEqual((await server.graphql(pin, { ...variables(), number: 2 }, owner.basic)).data.pinIssue, { number: 2, pinOrder: 2 });
    const moved = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!, $position: Int!) { moveIssuePin(owner: $owner, name: $name, number: $number, position: $position) { pinOrder } }',
      { ...variables(), number: 2, position: 1 },
      owner.basic,
    );
    assert.equal(moved.data.moveIssuePin.pinOrder, 1);
    const listed = await server.graphql(
      'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { pinnedIssues { totalCount nodes { number pinOrder } } newPinAllowed { issues pullRequests } } }',
      variables(),
    );
    assert.deepEqual(listed.data.repository, {
      pinnedIssues: { totalCount: 2, nodes: [{ number: 2, pinOrder: 1 }, { number: 1, pinOrder: 2 }] },
      newPinAllowed: { issues: true, pullRequests: true },
    });
    const unpin = 'mutation($owner: String!, $name: String!, $number: Int!) { unpinIssue(owner: $owner, name: $name, number: $number) { pinOrder } }';
    assert.equal((await server.graphql(unpin, { ...variables(), number: 2 }, writer.basic)).errors?.[0].extensions?.code, 'FORBIDDEN');
    assert.equal((await server.graphql(unpin, { ...variables(), number: 2 }, owner.basic)).data.unpinIssue.pinOrder, 0);
  });

  it('searchIssues needs the read:issue scope of a token', async () => {
    const query = 'query { searchIssues(filter: { query: "one" }) { totalCount } }';
    const repoOnly = { token: await createToken(api, owner, ['read:repository']) };
    assert.equal((await server.graphql(query, {}, repoOnly)).errors?.[0].extensions?.code, 'FORBIDDEN');
    const issues = { token: await createToken(api, owner, ['read:issue']) };
    assert.equal((await server.graphql(query, {}, issues)).errors, undefined);
  });

  it('Repository.issueTemplates, issueConfig and issueConfigValidation read the default branch, attributes as JSON text', async () => {
    const res = await server.graphql(
      `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
        issueTemplates { templates { fileName name labels fields { type id attributesJson validationsJson visible } } problems { fileName } }
        issueConfig { blankIssuesEnabled contactLinks { name } }
        issueConfigValidation { valid message }
      } }`,
      variables(),
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    assert.deepEqual(res.data.repository, {
      issueTemplates: {
        templates: [
          {
            fileName: '.github/ISSUE_TEMPLATE/form.yml',
            name: 'Form',
            labels: null,
            fields: [{ type: 'input', id: 'what', attributesJson: '{"label":"What","placeholder":""}', validationsJson: null, visible: ['form', 'content'] }],
          },
        ],
        problems: [],
      },
      issueConfig: { blankIssuesEnabled: true, contactLinks: [] },
      issueConfigValidation: { valid: true, message: '' },
    });
  });
});
