import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { graphql } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

const schema = JSON.parse(readFileSync(new URL('../../../schema/migration/milestone.json', import.meta.url), 'utf8'));

const EXPORT = 'query($owner: String!, $name: String!) { exportMilestones(owner: $owner, name: $name) }';
const IMPORT = 'mutation($owner: String!, $name: String!, $data: String!) { importMilestones(owner: $owner, name: $name, data: $data) { title state } }';

describe('milestones in the migration data format', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;

  before(async () => {
    [owner, reader] = await createAccounts(api, 2);
  });

  const exportOf = async (repo: TestRepo) => {
    const res = await graphql(server.url, EXPORT, { owner: repo.owner, name: repo.name }, owner.basic);
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    return JSON.parse(res.data.exportMilestones);
  };
  const importInto = (repo: TestRepo, data: unknown, who = owner) =>
    graphql(server.url, IMPORT, { owner: repo.owner, name: repo.name, data: typeof data === 'string' ? data : JSON.stringify(data) }, who.basic);
  const valid = { title: 't', description: '', deadline: '0001-01-01T00:00:00Z', created: '2020-01-01T00:00:00Z', updated: '2020-01-02T00:00:00Z', closed: null, state: 'open' };

  it('the schema file is draft-04 and requires all seven fields, allowing no others', () => {
    assert.equal(schema.$schema, 'http://json-schema.org/draft-04/schema#');
    assert.equal(schema.type, 'array');
    assert.deepEqual([...schema.items.required].sort(), ['closed', 'created', 'deadline', 'description', 'state', 'title', 'updated']);
    assert.equal(schema.items.additionalProperties, false);
  });

  it('an export fits the schema and, imported into another repository, gives the same milestones', async () => {
    const source = await buildRepo(server, owner, { autoInit: true });
    const target = await buildRepo(server, owner, { autoInit: true });
    await api.post(`${source.path}/milestones`, { title: 'dated', description: 'two\nlines', due_on: '2031-01-01T10:00:00Z' }, owner.basic);
    await api.post(`${source.path}/milestones`, { title: 'undated' }, owner.basic);
    await api.post(`${source.path}/milestones`, { title: 'done', state: 'closed' }, owner.basic);
    const exported = await exportOf(source);
    assert.equal(exported.length, 3);
    assert.equal(exported[1].deadline, '0001-01-01T00:00:00Z');
    assert.equal(exported[0].closed, null);
    assert.ok(exported[2].closed);

    // A draft-04 validator of its own, not the service's: the exported data must satisfy the shipped schema as such.
    const ajv = new Ajv04({ allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    assert.ok(validate(exported), JSON.stringify(validate.errors));

    const imported = await importInto(target, exported);
    assert.equal(imported.errors, undefined, JSON.stringify(imported.errors));
    assert.deepEqual(await exportOf(target), exported);
    // Over REST the undated milestone still has no deadline.
    const listed = await api.get(`${target.path}/milestones?state=all`);
    assert.deepEqual(listed.body.map((m: { title: string; due_on: string | null }) => [m.title, m.due_on]), [['dated', '2031-01-01T10:00:00Z'], ['undated', null], ['done', null]]);
  });

  it('an import is refused whole with VALIDATION for a missing field, an extra field, a bad state or text that is no JSON', async () => {
    const target = await buildRepo(server, owner, { autoInit: true });
    const { closed: _closed, ...withoutClosed } = valid;
    for (const [data, says] of [
      [[valid, withoutClosed], /closed/],
      [[{ ...valid, id: 4 }], /id/],
      [[{ ...valid, state: 'done' }], /allowed values|state/],
      [[{ ...valid, created: 'yesterday' }], /created/],
      ['{not json', /not JSON/],
    ] as const) {
      const res = await importInto(target, data);
      assert.equal(res.errors?.[0]?.extensions?.code, 'VALIDATION', JSON.stringify(res));
      assert.match(res.errors[0].message, says);
    }
    assert.deepEqual(await exportOf(target), []);
  });

  it('an import needs write access to the repository\'s issues', async () => {
    const target = await buildRepo(server, owner, { autoInit: true, collaborators: [[reader, 'read']] });
    const res = await importInto(target, [valid], reader);
    assert.equal(res.errors?.[0]?.extensions?.code, 'FORBIDDEN');
  });
});
