import assert from 'node:assert/strict';
import { adminAuth, type Auth, type RestClient } from './client.ts';

export interface TestAccount {
  login: string;
  password: string;
  email: string;
  id: number;
  basic: Auth;
}

let counter = 0;

/** Creates an account through the admin API; the login is unique within the run. */
export async function createAccount(
  api: RestClient,
  options: { login?: string; visibility?: 'public' | 'limited' | 'private'; admin?: boolean } = {},
): Promise<TestAccount> {
  const login = options.login ?? `user${process.pid}x${++counter}`;
  const password = `pw-${login}-secret`;
  const email = `${login}@example.test`;
  const res = await api.post('/admin/users', { username: login, email, password, visibility: options.visibility }, adminAuth);
  assert.equal(res.status, 201, `creating ${login}: ${JSON.stringify(res.body)}`);
  if (options.admin) {
    const edit = await api.patch(`/admin/users/${login}`, { source_id: 0, login_name: login, admin: true }, adminAuth);
    assert.equal(edit.status, 200, JSON.stringify(edit.body));
  }
  return { login, password, email, id: res.body.id, basic: { basic: [login, password] } };
}

/** Mints a token for an account with the given scopes; returns its secret. */
export async function createToken(api: RestClient, account: { login: string; basic: Auth } | { login: string; password: string }, scopes: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const auth: Auth = 'basic' in account ? account.basic : { basic: [account.login, account.password] };
  const res = await api.post(`/users/${account.login}/tokens`, { name: `t${++counter}-${Date.now()}`, scopes, ...extra }, auth);
  assert.equal(res.status, 201, `token for ${account.login}: ${JSON.stringify(res.body)}`);
  assert.match(res.body.sha1, /^[0-9a-f]{40}$/);
  return res.body.sha1;
}

/** `count` accounts made at once (in parallel), in id order as if made one after the other; options apply to each. */
export async function createAccounts(
  api: RestClient,
  count: number,
  options: Omit<Parameters<typeof createAccount>[1] & {}, 'login'> = {},
): Promise<TestAccount[]> {
  const made = await Promise.all(Array.from({ length: count }, () => createAccount(api, options)));
  return made.sort((a, b) => a.id - b.id);
}

/** An account with a token of its own, for tests that act as a second person the way API clients do. */
export interface TokenAccount extends TestAccount {
  token: string;
  /** `Authorization: token …` with that token. */
  tokenAuth: Auth;
}

/** Creates an account and mints it a token with `scopes` (every scope by default): two calls. */
export async function createTokenAccount(
  api: RestClient,
  options: Parameters<typeof createAccount>[1] & { scopes?: string[] } = {},
): Promise<TokenAccount> {
  const { scopes = ['all'], ...accountOptions } = options;
  const account = await createAccount(api, accountOptions);
  const token = await createToken(api, account, scopes);
  return { ...account, token, tokenAuth: { token } };
}
