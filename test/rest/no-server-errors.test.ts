import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { documentedOperations, openApiDocument } from '../../rest-facade/openapi.ts';
import { createAccount } from '../testkit/accounts.ts';
import { adminAuth, restClient, type RestClient } from '../testkit/client.ts';
import { ADMIN, startServer, type TestServer } from '../testkit/server.ts';

/**
 * Values every request body field gets in turn: empty, unknown, far too long, of the wrong type, and holding a
 * NUL character (which PostgreSQL cannot store in text: refused with 422 on every database).
 */
const ODD_VALUES: unknown[] = ['', 'loc~', 'x'.repeat(3000), 12345, 'nul\u0000here'];

type Schema = { $ref?: string; allOf?: Schema[]; properties?: Record<string, Schema> };
function propertiesOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return propertiesOf(openApiDocument.components.schemas[schema.$ref.split('/').pop()!] as Schema);
  return [...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap(propertiesOf)];
}

describe('odd request bodies never make the REST API fail with a 5xx', () => {
  let server: TestServer;
  let api: RestClient;
  const params: Record<string, string> = {};

  before(async () => {
    server = await startServer();
    api = restClient(server.url);
    const bob = await createAccount(api);
    assert.equal((await api.post('/user/repos', { name: 'fuzz', auto_init: true }, adminAuth)).status, 201);
    assert.equal((await api.post('/orgs', { username: 'fuzzorg' }, adminAuth)).status, 201);
    const team = await api.post('/orgs/fuzzorg/teams', { name: 'fuzzteam', permission: 'read' }, adminAuth);
    Object.assign(params, {
      owner: ADMIN.login, repo: 'fuzz', org: 'fuzzorg', id: String(team.body.id), username: bob.login, collaborator: bob.login,
      team: 'fuzzteam', filepath: 'README.md', branch: 'main', tag: 'v1', token: 'none', topic: 'fuzz',
    });
  });
  after(() => server.stop());

  it('answers every documented operation with a request body below 500, whatever a field holds', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of documentedOperations()) {
      const fields = propertiesOf(op.operation.requestBody?.content['application/json']?.schema as Schema | undefined);
      if (!fields.length) continue;
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'x'));
      for (const field of fields) {
        for (const value of ODD_VALUES) {
          const res = await api.request(op.method.toUpperCase(), path, { body: { [field]: value }, auth: adminAuth });
          sent++;
          if (res.status >= 500) failures.push(`${op.operationId} ${field}=${JSON.stringify(value).slice(0, 20)}: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    assert.ok(sent > 100, `only ${sent} requests were sent`);
    assert.deepEqual(failures, []);
  });
});
