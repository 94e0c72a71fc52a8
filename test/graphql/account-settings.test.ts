import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount, createToken } from '../testkit/accounts.ts';
import { graphql } from '../testkit/client.ts';
import { sessionCookies } from '../testkit/browser.ts';
import { useServer } from '../testkit/use-server.ts';

const CHANGE = 'mutation($old: String!, $new: String!) { changePassword(oldPassword: $old, newPassword: $new) }';
const PROFILE = 'mutation($input: ProfileInput!) { updateViewerProfile(input: $input) { fullName website location description visibility } }';

describe('a person changes their own account over GraphQL', () => {
  const server = useServer();
  const { api } = server;

  /** The viewer a browser session reads as (null once the session ended). */
  async function sessionViewer(cookies: { name: string; value: string }[]) {
    const res = await fetch(new URL('api/graphql', server.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
        'x-csrf-token': cookies.find((c) => c.name === 'graft_csrf')!.value,
      },
      body: JSON.stringify({ query: '{ viewer { login } }' }),
    });
    return ((await res.json()) as { data: { viewer: { login: string } | null } }).data.viewer;
  }

  it('changePassword refuses a wrong current password and a too short new one, and changes nothing', async () => {
    const account = await createAccount(api);
    const wrong = await graphql(server.url, CHANGE, { old: 'not-the-password', new: 'a-new-password-1' }, account.basic);
    assert.equal(wrong.errors?.[0]?.extensions?.code, 'VALIDATION', JSON.stringify(wrong));
    const short = await graphql(server.url, CHANGE, { old: account.password, new: 'short' }, account.basic);
    assert.equal(short.errors?.[0]?.extensions?.code, 'BAD_REQUEST', JSON.stringify(short));
    assert.match(short.errors![0].message, /too short/);
    const still = await graphql(server.url, '{ viewer { login } }', {}, account.basic);
    assert.equal(still.data.viewer.login, account.login, 'the old password still works');
  });

  it('changePassword ends every web session of the account, and only the new password signs in', async () => {
    const account = await createAccount(api);
    const first = await sessionCookies(server, account);
    const second = await sessionCookies(server, account);
    assert.equal((await sessionViewer(first))?.login, account.login);
    const done = await graphql(server.url, CHANGE, { old: account.password, new: 'a-new-password-1' }, account.basic);
    assert.equal(done.data?.changePassword, true, JSON.stringify(done));
    assert.equal(await sessionViewer(first), null);
    assert.equal(await sessionViewer(second), null);
    assert.equal((await graphql(server.url, '{ viewer { login } }', {}, account.basic)).status, 401, 'the old password no longer works');
    const renewed = await sessionCookies(server, { login: account.login, password: 'a-new-password-1' });
    assert.equal((await sessionViewer(renewed))?.login, account.login);
  });

  it('changePassword is refused to an access token', async () => {
    const account = await createAccount(api);
    const token = await createToken(api, account, ['write:user']);
    const refused = await graphql(server.url, CHANGE, { old: account.password, new: 'a-new-password-1' }, { token });
    assert.equal(refused.errors?.[0]?.extensions?.code, 'UNAUTHENTICATED', JSON.stringify(refused));
  });

  it('updateViewerProfile changes the fields given, keeps the others, and checks them as the admin edit does', async () => {
    const account = await createAccount(api);
    const set = await graphql(server.url, PROFILE, { input: { fullName: 'Ada L', website: 'https://ada.test', location: 'London', description: 'Engines', visibility: 'limited' } }, account.basic);
    assert.deepEqual(set.data?.updateViewerProfile, { fullName: 'Ada L', website: 'https://ada.test', location: 'London', description: 'Engines', visibility: 'limited' }, JSON.stringify(set));
    const partial = await graphql(server.url, PROFILE, { input: { location: 'Paris' } }, account.basic);
    assert.equal(partial.data.updateViewerProfile.location, 'Paris');
    assert.equal(partial.data.updateViewerProfile.fullName, 'Ada L');
    const badUrl = await graphql(server.url, PROFILE, { input: { website: 'javascript:alert(1)' } }, account.basic);
    assert.match(badUrl.errors?.[0]?.message ?? '', /http or https/);
    const tooLong = await graphql(server.url, PROFILE, { input: { location: 'x'.repeat(51) } }, account.basic);
    assert.ok(tooLong.errors?.length, 'a location over 50 characters is refused');
    const shown = await api.get(`/users/${account.login}`, account.basic);
    assert.equal(shown.body.location, 'Paris');
    const anonymous = await graphql(server.url, PROFILE, { input: { fullName: 'x' } });
    assert.ok(anonymous.errors?.length, 'a visitor has no profile to change');
  });
});
