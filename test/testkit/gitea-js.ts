import assert from 'node:assert/strict';
import { giteaApi, type Api, type HttpResponse, type RequestParams } from 'gitea-js';
import type { TestAccount } from './accounts.ts';
import { ADMIN, type TestServer } from './server.ts';

/**
 * gitea-js, a client generated from Gitea's own OpenAPI document, used the way its users use it:
 * `giteaApi(baseUrl, { token })` and typed calls. Node 20's global fetch is the transport.
 */
export type GiteaClient = Api<unknown>;

/** The server's root without its trailing slash: giteaApi appends `/api/v1` itself. */
export function rootOf(server: Pick<TestServer, 'url'>): string {
  return server.url.replace(/\/+$/, '');
}

/** A client that authenticates with a token (sent as `Authorization: Bearer …`), or anonymously. */
export function giteaClient(server: Pick<TestServer, 'url'>, token?: string): GiteaClient {
  return giteaApi(rootOf(server), token ? { token } : {});
}

/**
 * gitea-js has no basic-auth option; callers pass the header with the request, on a client without a token
 * (a token client's header would win). This is how token endpoints, which need a password, are called.
 */
export function basicAuth(login: string, password: string): RequestParams {
  return { headers: { Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` } };
}

export const adminBasic = basicAuth(ADMIN.login, ADMIN.password);
export const basicOf = (account: TestAccount) => basicAuth(account.login, account.password);

/** Mints a token through the client itself, with basic auth, and returns a client that uses it. */
export async function clientFor(server: Pick<TestServer, 'url'>, account: { login: string; password: string }, scopes = ['all']): Promise<GiteaClient> {
  const created = await giteaClient(server).users.userCreateToken(
    account.login,
    { name: `gitea-js-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, scopes },
    basicAuth(account.login, account.password),
  );
  assert.equal(created.status, 201);
  assert.match(created.data.sha1 ?? '', /^[0-9a-f]{40}$/);
  return giteaClient(server, created.data.sha1);
}

/**
 * gitea-js rejects with the Response itself when the status is not 2xx; this turns that into
 * { status, message } so a test can assert Gitea's error answer.
 */
export async function failure(call: Promise<HttpResponse<unknown, unknown>>): Promise<{ status: number; message?: string }> {
  try {
    const res = await call;
    assert.fail(`expected an error, got ${res.status} ${JSON.stringify(res.data)}`);
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    const error = (e as HttpResponse<unknown, { message?: string }>).error;
    return { status: e.status, message: error && typeof error === 'object' ? error.message : undefined };
  }
}

/**
 * How Gitea sends a field the client types: `value` is always present and not null (a Go value field);
 * `nullable` is always present and may be null (a Go pointer without omitempty); `omitempty` may be absent.
 */
export type Presence = 'value' | 'nullable' | 'omitempty';
/** Every field the client declares for a type, each with how Gitea sends it; the compiler keeps the list complete. */
export type FieldsOf<T> = { [K in keyof Required<T>]: Presence };

/** Asserts a response object carries every field the client's type declares, as Gitea sends it. */
export function assertTypedFields<T extends object>(value: T | null | undefined, fields: FieldsOf<T>, what: string): void {
  assert.ok(value && typeof value === 'object', `${what}: expected an object, got ${JSON.stringify(value)}`);
  const record = value as Record<string, unknown>;
  const missing = Object.entries(fields)
    .filter(([name, presence]) => presence !== 'omitempty' && !(name in record))
    .map(([name]) => name);
  const nulls = Object.entries(fields)
    .filter(([name, presence]) => presence === 'value' && name in record && record[name] === null)
    .map(([name]) => name);
  assert.deepEqual({ missing, nulls }, { missing: [], nulls: [] }, `${what}: fields the client types that Gitea always sends`);
}

/** An account made through the client, usable with the builders as any account of the kit. */
export interface ClientAccount extends TestAccount {
  /** A client with an all-scopes token of this account. */
  api: GiteaClient;
}

let accounts = 0;

/** Creates an account with the client's admin call; the login is unique within the run. */
export async function adminCreateAccount(admin: GiteaClient, prefix = 'gj'): Promise<Omit<ClientAccount, 'api'>> {
  const login = `${prefix}${process.pid}x${++accounts}`;
  const password = `pw-${login}-secret`;
  const email = `${login}@example.test`;
  const created = await admin.admin.adminCreateUser({ username: login, email, password, must_change_password: false });
  assert.equal(created.status, 201);
  return { login, password, email, id: created.data.id!, basic: { basic: [login, password] } };
}

/** An account made by the admin, with a token minted by basic auth. */
export async function createClientAccount(server: Pick<TestServer, 'url'>, admin: GiteaClient, prefix = 'gj'): Promise<ClientAccount> {
  const account = await adminCreateAccount(admin, prefix);
  return { ...account, api: await clientFor(server, account) };
}
