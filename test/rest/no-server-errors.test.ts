import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { documentedOperations, openApiDocument } from '../../rest-facade/openapi.ts';
import { createAccount } from '../testkit/accounts.ts';
import { adminAuth } from '../testkit/client.ts';
import { ADMIN } from '../testkit/server.ts';
import { buildRepo } from '../testkit/repos.ts';
import { createOrg } from '../testkit/orgs.ts';
import { useServer } from '../testkit/use-server.ts';

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
  const server = useServer();
  const { api } = server;
  const params: Record<string, string> = {};

  before(async () => {
    const bob = await createAccount(api);
    await buildRepo(server, ADMIN, { name: 'fuzz', autoInit: true });
    await createOrg(server, [await createAccount(api, { admin: true })], { login: 'fuzzorg' });
    const team = await api.post('/orgs/fuzzorg/teams', { name: 'fuzzteam', permission: 'read' }, adminAuth);
    Object.assign(params, {
      owner: ADMIN.login, repo: 'fuzz', org: 'fuzzorg', id: String(team.body.id), username: bob.login, collaborator: bob.login,
      team: 'fuzzteam', filepath: 'README.md', branch: 'main', tag: 'v1', token: 'none', topic: 'fuzz', index: '1',
    });
  });

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
