import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { adminAuth, graphql } from '../../testkit/client.ts';
import { clientFor } from '../../testkit/gitea-js.ts';
import { buildOrg, createOrg } from '../../testkit/orgs.ts';
import { useServer } from '../../testkit/use-server.ts';

/** A picture of `width` x `height` in one of sharp's formats, as base64 (noise, so that it does not compress away). */
async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png', noise = false): Promise<Buffer> {
  const image = noise
    ? sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return image.toFormat(format).toBuffer();
}

const b64 = (data: Buffer) => data.toString('base64');

/** POST and DELETE /user/avatar and /orgs/{org}/avatar, and what /avatars/{login} serves. */
describe('account avatars', () => {
  const server = useServer({ picture: { AVATAR_MAX_FILE_SIZE: 256 * 1024 } });
  const { api } = server;
  let alice: TestAccount;
  let png: Buffer;

  before(async () => {
    alice = await createAccount(api);
    png = await picture(400, 300);
  });

  const avatarUrl = async (who: TestAccount): Promise<string> => (await api.get(`/users/${who.login}`, who.basic)).body.avatar_url;
  const fetchImage = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  it('stores an upload re-encoded as a 290x290 PNG, serves it at a new avatar_url, and delete brings back the generated one', async () => {
    const before = await avatarUrl(alice);
    assert.equal(before, new URL(`avatars/${alice.login.toLowerCase()}`, server.url).href);
    const generated = await fetchImage(before);
    assert.equal(generated.res.headers.get('content-type'), 'image/svg+xml');

    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      assert.equal((await api.post('/user/avatar', { image: b64(await picture(500, 200, format)) }, alice.basic)).status, 204, format);
      const url = await avatarUrl(alice);
      assert.match(url, new RegExp(`/avatars/${alice.login.toLowerCase()}\\?v=[0-9a-f]{32}$`));
      const served = await fetchImage(url);
      assert.equal(served.res.status, 200);
      assert.equal(served.res.headers.get('content-type'), 'image/png');
      const meta = await sharp(served.body).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', 290, 290], `a ${format} upload is stored as a 290x290 PNG`);
      assert.equal(Number(served.res.headers.get('content-length')), served.body.length);
    }

    const uploadedUrl = await avatarUrl(alice);
    assert.equal((await api.delete('/user/avatar', alice.basic)).status, 204);
    assert.equal(await avatarUrl(alice), before);
    assert.equal((await fetchImage(before)).res.headers.get('content-type'), 'image/svg+xml');
    assert.equal((await fetchImage(uploadedUrl)).res.headers.get('content-type'), 'image/svg+xml', 'the old version is not served any more');
    assert.equal((await api.delete('/user/avatar', alice.basic)).status, 204, 'deleting no avatar is no error');
  });

  it('changes avatar_url with every new image, in REST and GraphQL at once, and keeps the versioned URL for a year', async () => {
    const bob = await createAccount(api);
    await api.post('/user/avatar', { image: b64(await picture(100, 100, 'png', true)) }, bob.basic);
    const first = await avatarUrl(bob);
    await api.post('/user/avatar', { image: b64(await picture(100, 100, 'png', true)) }, bob.basic);
    const second = await avatarUrl(bob);
    assert.notEqual(first, second);
    const viewer = await graphql(server.url, '{ viewer { avatarUrl } }', {}, bob.basic);
    assert.equal(viewer.data.viewer.avatarUrl, second);
    const served = await fetchImage(second);
    assert.equal(served.res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await fetchImage(second.replace(/\?.*/, ''))).res.headers.get('cache-control'), 'public, no-cache');
  });

  it('answers 304 to If-None-Match with the current ETag, and the image again once it changed', async () => {
    const carol = await createAccount(api);
    await api.post('/user/avatar', { image: b64(png) }, carol.basic);
    const url = (await avatarUrl(carol)).replace(/\?.*/, '');
    const first = await fetchImage(url);
    const etag = first.res.headers.get('etag');
    assert.match(etag ?? '', /^"[0-9a-f]{32}"$/);
    const again = await fetchImage(url, { 'If-None-Match': etag! });
    assert.equal(again.res.status, 304);
    assert.equal(again.body.length, 0);

    await api.post('/user/avatar', { image: b64(await picture(64, 64, 'jpeg')) }, carol.basic);
    const changed = await fetchImage(url, { 'If-None-Match': etag! });
    assert.equal(changed.res.status, 200);
    assert.notEqual(changed.res.headers.get('etag'), etag);
  });

  it('refuses an image that is not base64 with 400, and a missing or empty one with 422', async () => {
    assert.equal((await api.post('/user/avatar', { image: 'not base64!' }, alice.basic)).status, 400);
    for (const body of [{}, { image: '' }]) {
      const res = await api.post('/user/avatar', body, alice.basic);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.equal(typeof res.body.message, 'string');
    }
  });

  it('refuses with 422 what is not a PNG, JPEG, GIF or WebP image (text, SVG, BMP)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
    for (const data of [Buffer.from('just some text'), svg, bmp]) {
      const res = await api.post('/user/avatar', { image: b64(data) }, alice.basic);
      assert.equal(res.status, 422);
      assert.match(res.body.message, /PNG, JPEG, GIF or WebP/);
    }
  });

  it('refuses with 422 a damaged image: random bytes behind a PNG signature, a truncated PNG or JPEG', async () => {
    const noisy = await picture(200, 200, 'png', true);
    const jpeg = await picture(200, 200, 'jpeg', true);
    const cases = {
      'random bytes after a PNG signature': Buffer.concat([noisy.subarray(0, 8), Buffer.from(Array.from({ length: 400 }, (_, i) => (i * 37) % 256))]),
      'a PNG cut in half': noisy.subarray(0, Math.floor(noisy.length / 2)),
      'a PNG header alone': noisy.subarray(0, 33),
      'a JPEG cut in half': jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    };
    for (const [name, data] of Object.entries(cases)) {
      const res = await api.post('/user/avatar', { image: b64(data) }, alice.basic);
      assert.equal(res.status, 422, name);
      assert.equal(typeof res.body.message, 'string', name);
    }
  });

  it('refuses with 422 a file over picture.AVATAR_MAX_FILE_SIZE and an image over 4096 pixels wide or high', async () => {
    const big = await picture(400, 400, 'png', true);
    assert.ok(big.length > 256 * 1024);
    const tooBig = await api.post('/user/avatar', { image: b64(big) }, alice.basic);
    assert.equal(tooBig.status, 422);
    assert.match(tooBig.body.message, /larger than 262144 bytes/);
    for (const [w, h] of [[4097, 8], [8, 5000]]) {
      const res = await api.post('/user/avatar', { image: b64(await picture(w, h)) }, alice.basic);
      assert.equal(res.status, 422, `${w}x${h}`);
      assert.match(res.body.message, /more than 4096x4096/);
    }
    const fine = await api.post('/user/avatar', { image: b64(await picture(4096, 8)) }, alice.basic);
    assert.equal(fine.status, 204);
  });

  it('needs a signed-in caller (401) and a token with write:user (403)', async () => {
    assert.equal((await api.post('/user/avatar', { image: b64(png) })).status, 401);
    const token = await api.post(`/users/${alice.login}/tokens`, { name: 'read-only', scopes: ['read:user'] }, alice.basic);
    const res = await api.post('/user/avatar', { image: b64(png) }, { token: token.body.sha1 });
    assert.equal(res.status, 403);
  });

  it('publishes user.updated when the avatar is set and removed, and nothing when there was none to remove', async () => {
    const dave = await createAccount(api);
    const me = (await api.get('/user', dave.basic)).body.id;
    const seen: number[] = [];
    const abort = new AbortController();
    const listening = (async () => {
      for await (const event of server.app.events.subscribe('user.updated', abort.signal)) if (event.userId === me) seen.push(event.userId);
    })();
    await api.post('/user/avatar', { image: b64(png) }, dave.basic);
    await api.delete('/user/avatar', dave.basic);
    await api.delete('/user/avatar', dave.basic);
    abort.abort();
    await listening;
    assert.deepEqual(seen, [me, me]);
  });

  it('serves the uploaded avatar of a private account only at its versioned URL; the bare URL shows the generated one', async () => {
    const hidden = await createAccount(api, { visibility: 'private' });
    await api.post('/user/avatar', { image: b64(png) }, hidden.basic);
    const url = await avatarUrl(hidden);
    assert.equal((await fetchImage(url)).res.headers.get('content-type'), 'image/png');
    assert.equal((await fetchImage(url.replace(/\?.*/, ''))).res.headers.get('content-type'), 'image/svg+xml');
    assert.equal((await fetchImage(url.replace(/v=[0-9a-f]+/, 'v=0123'))).res.headers.get('content-type'), 'image/svg+xml');
  });

  it('deleting the account removes its stored image', async () => {
    const temp = await createAccount(api);
    await api.post('/user/avatar', { image: b64(png) }, temp.basic);
    const url = await avatarUrl(temp);
    assert.equal((await api.delete(`/admin/users/${temp.login}`, adminAuth)).status, 204);
    assert.equal((await fetchImage(url)).res.headers.get('content-type'), 'image/svg+xml');
  });

  describe('of organizations', () => {
    it('owners set and remove it; the organization avatar_url follows, and the image is a 290x290 PNG', async () => {
      const org = await createOrg(server, [alice]);
      const before = (await api.get(`/orgs/${org.login}`)).body.avatar_url;
      assert.equal((await api.post(`/orgs/${org.login}/avatar`, { image: b64(png) }, alice.basic)).status, 204);
      const url = (await api.get(`/orgs/${org.login}`)).body.avatar_url;
      assert.notEqual(url, before);
      assert.match(url, /\?v=[0-9a-f]{32}$/);
      const gql = await graphql(server.url, 'query($l: String!) { organization(login: $l) { avatarUrl } }', { l: org.login }, alice.basic);
      assert.equal(gql.data.organization.avatarUrl, url);
      const served = await fetchImage(url);
      const meta = await sharp(served.body).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ['png', 290, 290]);
      assert.equal((await api.delete(`/orgs/${org.login}/avatar`, alice.basic)).status, 204);
      assert.equal((await api.get(`/orgs/${org.login}`)).body.avatar_url, before);
    });

    it('a member who is not an owner gets 403, a stranger to a private organization 404, a site admin may', async () => {
      const org = await buildOrg(server, { visibility: 'private', teams: [{ name: 'devs', permission: 'write', members: 1 }] });
      const member = org.members[0]!;
      assert.equal((await api.post(`/orgs/${org.login}/avatar`, { image: b64(png) }, member.basic)).status, 403);
      assert.equal((await api.delete(`/orgs/${org.login}/avatar`, member.basic)).status, 403);
      const stranger = await createAccount(api);
      assert.equal((await api.post(`/orgs/${org.login}/avatar`, { image: b64(png) }, stranger.basic)).status, 404);
      assert.equal((await api.post('/orgs/no-such-org-here/avatar', { image: b64(png) }, stranger.basic)).status, 404);
      assert.equal((await api.post(`/orgs/${org.login}/avatar`, { image: b64(png) }, adminAuth)).status, 204);
    });

    it('refuses a damaged image with 422 as for accounts', async () => {
      const org = await createOrg(server, [alice]);
      const res = await api.post(`/orgs/${org.login}/avatar`, { image: b64(png.subarray(0, 60)) }, alice.basic);
      assert.equal(res.status, 422);
    });
  });

  it('gitea-js userUpdateAvatar, userDeleteAvatar, orgUpdateAvatar and orgDeleteAvatar answer 204', async () => {
    const erin = await createAccount(api);
    const client = await clientFor(server, erin);
    assert.equal((await client.user.userUpdateAvatar({ image: b64(png) })).status, 204);
    assert.match((await client.user.userGetCurrent()).data.avatar_url ?? '', /\?v=/);
    assert.equal((await client.user.userDeleteAvatar()).status, 204);
    const org = await createOrg(server, [erin]);
    assert.equal((await client.orgs.orgUpdateAvatar(org.login, { image: b64(png) })).status, 204);
    assert.match((await client.orgs.orgGet(org.login)).data.avatar_url ?? '', /\?v=/);
    assert.equal((await client.orgs.orgDeleteAvatar(org.login)).status, 204);
  });

  it('GraphQL setViewerAvatar and deleteViewerAvatar answer the account with its new avatarUrl', async () => {
    const fred = await createAccount(api);
    const set = await graphql(server.url, 'mutation($i: String!) { setViewerAvatar(image: $i) { avatarUrl } }', { i: b64(png) }, fred.basic);
    assert.match(set.data.setViewerAvatar.avatarUrl, /\?v=[0-9a-f]{32}$/);
    const removed = await graphql(server.url, 'mutation { deleteViewerAvatar { avatarUrl } }', {}, fred.basic);
    assert.doesNotMatch(removed.data.deleteViewerAvatar.avatarUrl, /\?v=/);
  });
});
