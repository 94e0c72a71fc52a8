import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { clientFor } from '../../testkit/gitea-js.ts';
import { buildRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** POST and DELETE /repos/{owner}/{repo}/avatar, and the image at the repository's avatar_url. */
describe('repository avatars', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let writer: TestAccount;

  before(async () => {
    owner = await createAccount(api);
    writer = await createAccount(api);
  });

  /** GET of an absolute URL of the server, as bytes. */
  const fetchBytes = async (url: string) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
  };

  it('sets an image, shows it as avatar_url and serves it there; a new image gets a new URL; delete removes it', async () => {
    const repo = await buildRepo(server, owner);
    assert.equal(repo.body.avatar_url, '');
    assert.equal((await api.post(`${repo.path}/avatar`, { image: PNG.toString('base64') }, owner.basic)).status, 204);
    const url: string = (await api.get(repo.path, owner.basic)).body.avatar_url;
    assert.match(url, new RegExp(`^${server.url}/?repo-avatars/${repo.id}-[0-9a-f]{32}$`));
    const served = await fetchBytes(url);
    assert.equal(served.status, 200);
    assert.equal(served.type, 'image/png');
    assert.deepEqual(served.body, PNG);

    assert.equal((await api.post(`${repo.path}/avatar`, { image: GIF.toString('base64') }, owner.basic)).status, 204);
    const newUrl: string = (await api.get(repo.path, owner.basic)).body.avatar_url;
    assert.notEqual(newUrl, url);
    assert.equal((await fetchBytes(newUrl)).type, 'image/gif');
    assert.equal((await fetchBytes(url)).status, 404, 'the image it replaced is gone');

    assert.equal((await api.delete(`${repo.path}/avatar`, owner.basic)).status, 204);
    assert.equal((await api.get(repo.path, owner.basic)).body.avatar_url, '');
    assert.equal((await fetchBytes(newUrl)).status, 404);
    assert.equal((await api.delete(`${repo.path}/avatar`, owner.basic)).status, 204, 'deleting no avatar is no error');
  });

  it('publishes repo.updated when the avatar is set and when it is removed, and nothing when there was none to remove', async () => {
    const repo = await buildRepo(server, owner, { autoInit: true });
    const seen: { repoId: number }[] = [];
    const abort = new AbortController();
    const listening = (async () => {
      for await (const event of server.app.events.subscribe('repo.updated', abort.signal)) if (event.repoId === repo.id) seen.push(event);
    })();
    assert.equal((await api.post(`${repo.path}/avatar`, { image: PNG.toString('base64') }, owner.basic)).status, 204);
    assert.equal((await api.delete(`${repo.path}/avatar`, owner.basic)).status, 204);
    assert.equal((await api.delete(`${repo.path}/avatar`, owner.basic)).status, 204);
    abort.abort();
    await listening;
    assert.deepEqual(seen, [{ repoId: repo.id }, { repoId: repo.id }]);
  });

  it('refuses what is not base64 (400), not an image, larger than 1 MiB or missing (422)', async () => {
    const repo = await buildRepo(server, owner);
    assert.equal((await api.post(`${repo.path}/avatar`, { image: 'not base64!' }, owner.basic)).status, 400);
    assert.equal((await api.post(`${repo.path}/avatar`, { image: Buffer.from('just text').toString('base64') }, owner.basic)).status, 422);
    const huge = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    assert.equal((await api.post(`${repo.path}/avatar`, { image: huge.toString('base64') }, owner.basic)).status, 422);
    assert.equal((await api.post(`${repo.path}/avatar`, {}, owner.basic)).status, 422);
    assert.equal((await api.get(repo.path, owner.basic)).body.avatar_url, '');
  });

  it('serves the image with its key as ETag, kept for a year, and answers If-None-Match with 304', async () => {
    const repo = await buildRepo(server, owner);
    await api.post(`${repo.path}/avatar`, { image: PNG.toString('base64') }, owner.basic);
    const url: string = (await api.get(repo.path, owner.basic)).body.avatar_url;
    const res = await fetch(url);
    assert.equal(res.headers.get('etag'), `"${url.split('/').pop()}"`);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(Number(res.headers.get('content-length')), PNG.length);
    await res.arrayBuffer();
    const again = await fetch(url, { headers: { 'If-None-Match': res.headers.get('etag')! } });
    assert.equal(again.status, 304);
  });

  it('refuses with 422 a damaged image and one over 4096 pixels wide, through the checks account avatars use', async () => {
    const repo = await buildRepo(server, owner);
    assert.equal((await api.post(`${repo.path}/avatar`, { image: PNG.subarray(0, 40).toString('base64') }, owner.basic)).status, 422);
    const noise = Buffer.from(Array.from({ length: 100 * 100 * 3 }, (_, i) => (i * 7919) % 251));
    const noisy = await sharp(noise, { raw: { width: 100, height: 100, channels: 3 } }).png().toBuffer();
    const cut = noisy.subarray(0, Math.floor(noisy.length / 2));
    assert.equal((await api.post(`${repo.path}/avatar`, { image: cut.toString('base64') }, owner.basic)).status, 422);
    const wide = await sharp({ create: { width: 4100, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    const res = await api.post(`${repo.path}/avatar`, { image: wide.toString('base64') }, owner.basic);
    assert.equal(res.status, 422);
    assert.match(res.body.message, /more than 4096x4096/);
  });

  it('only repository admins change the avatar: a writer gets 403, a stranger to a private repository 404', async () => {
    const repo = await buildRepo(server, owner, { private: true, collaborators: [[writer, 'write']] });
    assert.equal((await api.post(`${repo.path}/avatar`, { image: PNG.toString('base64') }, writer.basic)).status, 403);
    assert.equal((await api.delete(`${repo.path}/avatar`, writer.basic)).status, 403);
    const stranger = await createAccount(api);
    assert.equal((await api.post(`${repo.path}/avatar`, { image: PNG.toString('base64') }, stranger.basic)).status, 404);
  });

  it('deleting the repository removes its avatar image', async () => {
    const repo = await buildRepo(server, owner);
    await api.post(`${repo.path}/avatar`, { image: PNG.toString('base64') }, owner.basic);
    const url: string = (await api.get(repo.path, owner.basic)).body.avatar_url;
    assert.equal((await api.delete(repo.path, owner.basic)).status, 204);
    assert.equal((await fetchBytes(url)).status, 404);
  });

  it('gitea-js repoUpdateAvatar and repoDeleteAvatar set and remove it', async () => {
    const repo = await buildRepo(server, owner);
    const client = await clientFor(server, owner);
    assert.equal((await client.repos.repoUpdateAvatar(owner.login, repo.name, { image: PNG.toString('base64') })).status, 204);
    assert.match((await client.repos.repoGet(owner.login, repo.name)).data.avatar_url ?? '', /repo-avatars\//);
    assert.equal((await client.repos.repoDeleteAvatar(owner.login, repo.name)).status, 204);
    assert.equal((await client.repos.repoGet(owner.login, repo.name)).data.avatar_url, '');
  });
});
