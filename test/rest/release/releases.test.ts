import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createAccounts, type TestAccount } from '../../testkit/accounts.ts';
import { graphql, type Auth } from '../../testkit/client.ts';
import { loadDocument, type OpenApiLike } from '../../testkit/compatibility.ts';
import { git, remoteUrl, tempDir } from '../../testkit/git.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { shapeProblems } from '../../testkit/shapes.ts';
import { multipartStream, storedFiles, upload, uploadHeaders } from '../../testkit/uploads.ts';
import { useServer } from '../../testkit/use-server.ts';
import { loadAreaFixtures } from '../../testkit/walking.ts';

const pointers: ReadonlySet<string> = new Set((await loadAreaFixtures()).flatMap((a) => a.shapes?.pointers ?? []));
const reference = loadDocument(path.resolve(fileURLToPath(new URL('../../../', import.meta.url)), '../shared/reference/gitea-api-v1.openapi3.json')) as OpenApiLike;

const authHeader = (auth: Auth): Record<string, string> =>
  auth && 'basic' in auth ? { authorization: `Basic ${Buffer.from(auth.basic.join(':')).toString('base64')}` } : {};

describe('releases', () => {
  const server = useServer({ webhook: { ALLOWED_HOST_LIST: 'loopback' } });
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer, reader] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, {
      files: { 'a.txt': 'one\n' },
      commits: [{ files: { 'b.txt': 'two\n' }, message: 'second' }],
      tags: { 'v0.1': 'main' },
      collaborators: [[writer, 'write'], [reader, 'read']],
    });
  });

  const create = async (body: Record<string, unknown>, by: Auth = owner.basic, at: TestRepo = repo) => {
    const res = await api.post(`${at.path}/releases`, body, by);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };

  it('refuses a release on a new protected tag with 422 for a writer the rule does not list, and lets one it lists make it', async () => {
    const own = await buildRepo(server, owner, { files: { 'a.txt': 'one\n' }, collaborators: [[writer, 'write'], [reader, 'write']] });
    const rule = await api.post(`${own.path}/tag_protections`, { name_pattern: 'stable-*', whitelist_usernames: [reader.login] }, owner.basic);
    assert.equal(rule.status, 201, JSON.stringify(rule.body));
    const refused = await api.post(`${own.path}/releases`, { tag_name: 'stable-1' }, writer.basic);
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.match(refused.body.message, /protected/i);
    assert.equal((await api.get(`${own.path}/tags/stable-1`, owner.basic)).status, 404, 'no tag was made');
    assert.equal((await api.get(`${own.path}/releases/tags/stable-1`, owner.basic)).status, 404, 'no release was made');
    const allowed = await create({ tag_name: 'stable-1' }, reader.basic, own);
    assert.equal(allowed.tag_name, 'stable-1');
    assert.equal((await api.post(`${own.path}/releases`, { tag_name: 'unprotected-1' }, writer.basic)).status, 201);
  });

  it("creates a release on a new tag made from the default branch and answers it in Gitea's shape, by id, by tag and in the list", async () => {
    const made = await create({ tag_name: 'v1.0', name: 'One', body: 'notes' });
    assert.deepEqual(Object.keys(made).sort(), [
      'assets', 'author', 'body', 'created_at', 'draft', 'html_url', 'id', 'name', 'prerelease', 'published_at', 'tag_name',
      'tarball_url', 'target_commitish', 'upload_url', 'url', 'zipball_url',
    ]);
    assert.equal(made.tag_name, 'v1.0');
    assert.equal(made.target_commitish, 'main');
    assert.equal(made.author.login, owner.login);
    assert.equal(made.url, `${server.url}api/v1${repo.path}/releases/${made.id}`);
    assert.equal(made.html_url, `${server.url}${repo.fullName}/releases/tag/v1.0`);
    assert.equal(made.tarball_url, `${server.url}${repo.fullName}/archive/v1.0.tar.gz`);
    assert.equal(made.upload_url, `${server.url}api/v1${repo.path}/releases/${made.id}/assets`);
    const tag = await api.get(`${repo.path}/tags/v1.0`);
    assert.equal(tag.status, 200);
    assert.equal(tag.body.commit.sha, repo.heads.main);
    assert.deepEqual((await api.get(`${repo.path}/releases/${made.id}`, owner.basic)).body, made);
    assert.deepEqual((await api.get(`${repo.path}/releases/tags/v1.0`, owner.basic)).body, made);
    assert.ok((await api.get(`${repo.path}/releases`)).body.some((r: { id: number }) => r.id === made.id));
    const problems = shapeProblems(reference, { $ref: '#/components/schemas/Release' }, made, 'release');
    assert.deepEqual(problems, []);
  });

  it('makes the new tag annotated with tag_message, and takes an existing tag as it is', async () => {
    await create({ tag_name: 'v1.1', tag_message: 'Release one point one' });
    const tag = await api.get(`${repo.path}/tags/v1.1`);
    assert.equal(tag.body.message, 'Release one point one');
    const onExisting = await create({ tag_name: 'v0.1', name: 'old tag' });
    assert.equal(onExisting.tag_name, 'v0.1');
  });

  it('answers 409 for a second release of a tag, 422 for a name git refuses as a tag, 404 for a missing target', async () => {
    await create({ tag_name: 'dup' });
    assert.equal((await api.post(`${repo.path}/releases`, { tag_name: 'dup' }, owner.basic)).status, 409);
    for (const bad of ['bad..name', 'with space', 'ends.lock', '-x']) {
      const res = await api.post(`${repo.path}/releases`, { tag_name: bad }, owner.basic);
      assert.equal(res.status, 422, `${bad}: ${JSON.stringify(res.body)}`);
    }
    assert.equal((await api.post(`${repo.path}/releases`, { tag_name: 'nowhere', target_commitish: 'no-such-branch' }, owner.basic)).status, 404);
    assert.equal((await api.post(`${repo.path}/releases`, { tag_name: 'by-reader' }, reader.basic)).status, 403);
  });

  it('shows drafts to writers only, makes no tag for a draft, and makes it when the draft is published', async () => {
    const draft = await create({ tag_name: 'v2.0-draft', draft: true }, writer.basic);
    assert.equal(draft.draft, true);
    assert.equal((await api.get(`${repo.path}/tags/v2.0-draft`)).status, 404);
    assert.equal((await api.get(`${repo.path}/releases/${draft.id}`, reader.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/releases/${draft.id}`)).status, 404);
    assert.ok(!(await api.get(`${repo.path}/releases?limit=50`, reader.basic)).body.some((r: { id: number }) => r.id === draft.id));
    assert.deepEqual((await api.get(`${repo.path}/releases?draft=true`, reader.basic)).body, []);
    assert.ok((await api.get(`${repo.path}/releases?draft=true`, writer.basic)).body.some((r: { id: number }) => r.id === draft.id));
    const published = await api.patch(`${repo.path}/releases/${draft.id}`, { draft: false }, writer.basic);
    assert.equal(published.status, 200, JSON.stringify(published.body));
    assert.equal(published.body.draft, false);
    assert.equal((await api.get(`${repo.path}/tags/v2.0-draft`)).status, 200);
    assert.equal((await api.get(`${repo.path}/releases/${draft.id}`, reader.basic)).status, 200);
  });

  it('answers as latest the newest release that is neither a draft nor a prerelease, and 404 when there is none', async () => {
    const fresh = await buildRepo(server, owner, { files: { 'x.txt': 'x' } });
    assert.equal((await api.get(`${fresh.path}/releases/latest`)).status, 404);
    const stable = await create({ tag_name: 's1' }, owner.basic, fresh);
    await create({ tag_name: 'p1', prerelease: true }, owner.basic, fresh);
    await create({ tag_name: 'd1', draft: true }, owner.basic, fresh);
    assert.equal((await api.get(`${fresh.path}/releases/latest`)).body.id, stable.id);
    const newer = await create({ tag_name: 's2' }, owner.basic, fresh);
    assert.equal((await api.get(`${fresh.path}/releases/latest`)).body.id, newer.id);
  });

  it('lists newest first, with the draft, pre-release and q filters and the page headers', async () => {
    const fresh = await buildRepo(server, owner, { files: { 'x.txt': 'x' } });
    const a = await create({ tag_name: 'alpha', name: 'Alpha' }, owner.basic, fresh);
    const b = await create({ tag_name: 'beta', name: 'Beta', prerelease: true }, owner.basic, fresh);
    const c = await create({ tag_name: 'gamma', name: 'Gamma', draft: true }, owner.basic, fresh);
    const ids = (res: { body: { id: number }[] }) => res.body.map((r) => r.id);
    const all = await api.get(`${fresh.path}/releases`, owner.basic);
    assert.deepEqual(ids(all), [c.id, b.id, a.id]);
    assert.equal(all.headers.get('x-total-count'), '3');
    assert.deepEqual(ids(await api.get(`${fresh.path}/releases?draft=false`, owner.basic)), [b.id, a.id]);
    assert.deepEqual(ids(await api.get(`${fresh.path}/releases?pre-release=true`, owner.basic)), [b.id]);
    assert.deepEqual(ids(await api.get(`${fresh.path}/releases?q=alp`, owner.basic)), [a.id]);
    assert.deepEqual(ids(await api.get(`${fresh.path}/releases?tag_filter=*ta`, owner.basic)), [b.id]);
    assert.deepEqual(ids(await api.get(`${fresh.path}/releases?tag_filter=g*m*a`, owner.basic)), [c.id]);
    assert.deepEqual(ids(await api.get(`${fresh.path}/releases?tag_filter=alpha`, owner.basic)), [a.id]);
    const page = await api.get(`${fresh.path}/releases?limit=1&page=2`, owner.basic);
    assert.deepEqual(ids(page), [b.id]);
    assert.equal(page.headers.get('x-total-count'), '3');
  });

  it('edits what the body names and keeps what is empty or left out', async () => {
    const made = await create({ tag_name: 'edit-me', name: 'Before', body: 'notes' });
    const res = await api.patch(`${repo.path}/releases/${made.id}`, { name: 'After', body: '', prerelease: true }, owner.basic);
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'After');
    assert.equal(res.body.body, 'notes');
    assert.equal(res.body.prerelease, true);
    assert.equal((await api.patch(`${repo.path}/releases/999999`, { name: 'x' }, owner.basic)).status, 404);
  });

  it('deletes a release by id and by tag and keeps its tag; a release can be made on that tag again', async () => {
    const one = await create({ tag_name: 'del-1' });
    const two = await create({ tag_name: 'del-2' });
    assert.equal((await api.delete(`${repo.path}/releases/${one.id}`, owner.basic)).status, 204);
    assert.equal((await api.delete(`${repo.path}/releases/tags/del-2`, owner.basic)).status, 204);
    for (const [tag, id] of [['del-1', one.id], ['del-2', two.id]]) {
      assert.equal((await api.get(`${repo.path}/releases/${id}`)).status, 404);
      assert.equal((await api.get(`${repo.path}/releases/tags/${tag}`)).status, 404);
      assert.equal((await api.get(`${repo.path}/tags/${tag}`)).status, 200);
    }
    assert.equal((await api.delete(`${repo.path}/releases/tags/del-2`, owner.basic)).status, 404);
    const again = await create({ tag_name: 'del-1', name: 'again' });
    assert.equal(again.name, 'again');
  });

  it('records a tag pushed over git as a tag-only entry the API does not list, and a release made on it takes it over; deleting the tag by push removes the entry', async () => {
    const work = tempDir();
    try {
      const url = remoteUrl(server.url, repo.owner, repo.name, [owner.login, owner.password]);
      assert.equal((await git(['clone', '-q', url, work.dir])).status, 0);
      for (const t of ['pushed-1', 'pushed-2']) assert.equal((await git(['tag', t], { cwd: work.dir })).status, 0);
      const pushed = await git(['push', '-q', 'origin', 'pushed-1', 'pushed-2'], { cwd: work.dir });
      assert.equal(pushed.status, 0, pushed.stderr);
      await server.app.backgroundIdle();
      const rows = await db().release.findMany({ where: { repoId: repo.id, tagName: { in: ['pushed-1', 'pushed-2'] } } });
      assert.deepEqual(rows.map((r) => [r.tagName, r.isTag, r.sha1]).sort(), [['pushed-1', true, repo.heads.main], ['pushed-2', true, repo.heads.main]]);
      assert.equal((await api.get(`${repo.path}/releases/tags/pushed-1`)).status, 404);
      assert.ok(!(await api.get(`${repo.path}/releases?limit=50`)).body.some((r: { tag_name: string }) => r.tag_name.startsWith('pushed-')));
      const release = await create({ tag_name: 'pushed-1', name: 'from a pushed tag' });
      assert.equal(release.id, rows.find((r) => r.tagName === 'pushed-1')!.id);
      const removed = await git(['push', '-q', 'origin', ':refs/tags/pushed-2', ':refs/tags/pushed-1'], { cwd: work.dir });
      assert.equal(removed.status, 0, removed.stderr);
      await server.app.backgroundIdle();
      assert.equal(await db().release.count({ where: { repoId: repo.id, tagName: 'pushed-2' } }), 0);
      // Gitea keeps a release whose tag went, as a draft without a commit.
      const kept = await db().release.findUnique({ where: { id: release.id } });
      assert.deepEqual([kept?.isDraft, kept?.sha1], [true, '']);
    } finally {
      work.remove();
    }
  });

  it('adds an entry to the activity feed and a webhook delivery whose payload fits the reference when a release is published', async () => {
    const fresh = await buildRepo(server, owner, { files: { 'x.txt': 'x' } });
    const hook = await api.post(`${fresh.path}/hooks`, { type: 'gitea', config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' }, events: ['release'], active: true }, owner.basic);
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const draft = await create({ tag_name: 'w1', name: 'Hooked', draft: true }, owner.basic, fresh);
    await server.app.backgroundIdle();
    assert.equal(await db().hookTask.count({ where: { hookId: hook.body.id } }), 0);
    await api.patch(`${fresh.path}/releases/${draft.id}`, { draft: false }, owner.basic);
    await api.delete(`${fresh.path}/releases/${draft.id}`, owner.basic);
    await server.app.backgroundIdle();
    const tasks = await db().hookTask.findMany({ where: { hookId: hook.body.id }, orderBy: { id: 'asc' } });
    assert.deepEqual(tasks.map((t) => [t.event, t.eventType]), [['release', 'release'], ['release', 'release']]);
    const [published, deleted] = tasks.map((t) => JSON.parse(t.payload));
    assert.deepEqual(Object.keys(published).sort(), ['action', 'release', 'repository', 'sender']);
    assert.equal(published.action, 'published');
    assert.equal(deleted.action, 'deleted');
    assert.equal(published.release.name, 'Hooked');
    for (const [member, schema] of [['release', 'Release'], ['repository', 'Repository'], ['sender', 'User']]) {
      assert.deepEqual(shapeProblems(reference, { $ref: `#/components/schemas/${schema}` }, published[member], member, pointers), []);
    }
    const feed = await api.get(`${fresh.path}/activities/feeds`, owner.basic);
    const entry = feed.body.find((a: { op_type: string }) => a.op_type === 'publish_release');
    assert.ok(entry, JSON.stringify(feed.body.map((a: { op_type: string }) => a.op_type)));
    assert.equal(entry.ref_name, 'w1');
    assert.equal(entry.content, 'Hooked');
  });

  it('serves the release through GraphQL: releases with filters, release by tag, latestRelease', async () => {
    const fresh = await buildRepo(server, owner, { files: { 'x.txt': 'x' } });
    await create({ tag_name: 'g1', name: 'G one' }, owner.basic, fresh);
    await create({ tag_name: 'g2', prerelease: true }, owner.basic, fresh);
    const res = await graphql(
      server.url,
      `query($o: String!, $n: String!) { repository(owner: $o, name: $n) {
        releases(prerelease: false) { totalCount nodes { tagName } }
        release(tag: "g1") { title }
        latestRelease { tagName }
      } }`,
      { o: fresh.owner, n: fresh.name },
      owner.basic,
    );
    assert.deepEqual(res.errors, undefined);
    assert.deepEqual(res.data.repository, { releases: { totalCount: 1, nodes: [{ tagName: 'g1' }] }, release: { title: 'G one' }, latestRelease: { tagName: 'g1' } });
  });
});

// A server of its own: the webhook worker of the other tests' hooks would run its statements beside the measured reads.
describe('release list cost', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  before(async () => {
    [owner] = await createAccounts(api, 1);
  });

  it('lists a page of 50 releases with their assets for the SQL statements of a page of one', async () => {
    const one = await buildRepo(server, owner, { files: { 'x.txt': 'x' } });
    const many = await buildRepo(server, owner, { files: { 'x.txt': 'x' } });
    const now = Date.now();
    const publisherId = (await db().user.findFirstOrThrow({ where: { login: owner.login } })).id;
    await db().release.createMany({ data: [{ repoId: one.id, tagName: 't0', publisherId }] });
    await db().release.createMany({ data: Array.from({ length: 50 }, (_, i) => ({ repoId: many.id, tagName: `t${i}`, publisherId, createdAt: new Date(now - i * 1000) })) });
    const ids = (await db().release.findMany({ where: { repoId: { in: [one.id, many.id] } } })).map((r) => ({ id: r.id, repoId: r.repoId }));
    await db().attachment.createMany({ data: ids.map((r, i) => ({ uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, repoId: r.repoId, releaseId: r.id, name: 'f.zip', size: 1 })) });
    const seen: string[] = [];
    const statements = async (at: TestRepo, expected: number) => {
      await api.get(`${at.path}/releases?limit=50`, owner.basic);
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${at.path}/releases?limit=50`, owner.basic);
      assert.equal(res.body.length, expected);
      assert.ok(res.body.every((r: { assets: unknown[] }) => r.assets.length === 1));
      const count = server.app.database.queryCount() - before;
      seen.push(server.app.database.recentStatements().slice(-count).map((q) => q.slice(0, 90)).join('\n'));
      return count;
    };
    assert.equal(await statements(many, 50), await statements(one, 1), seen.join('\n----\n'));
  });
});

describe('release assets', () => {
  const server = useServer({ attachment: { MAX_SIZE: 1 } });
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;
  let release: { id: number; tag_name: string };

  before(async () => {
    [owner, reader] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { files: { 'a.txt': 'one\n' }, collaborators: [[reader, 'read']] });
    release = (await api.post(`${repo.path}/releases`, { tag_name: 'v1/assets' }, owner.basic)).body;
  });
  const assets = () => `${repo.path}/releases/${release.id}/assets`;

  it("uploads an asset as multipart and answers it with the release's download link, in the list, by id and in the release", async () => {
    const res = await upload(server.url, assets(), [{ filename: 'tool.tar.gz', content: 'gzipped bytes' }], owner.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.name, 'tool.tar.gz');
    assert.equal(res.body.size, 13);
    assert.equal(res.body.browser_download_url, `${server.url}${repo.fullName}/releases/download/v1/assets/tool.tar.gz`);
    assert.deepEqual((await api.get(`${assets()}/${res.body.id}`)).body, res.body);
    assert.ok((await api.get(assets())).body.some((a: { id: number }) => a.id === res.body.id));
    assert.ok((await api.get(`${repo.path}/releases/${release.id}`)).body.assets.some((a: { id: number }) => a.id === res.body.id));
    assert.equal((await upload(server.url, assets(), [{ filename: 'x.bin', content: 'x' }], reader.basic)).status, 403);
  });

  it('takes the raw body as the file, named by ?name, and refuses a raw body without a name with 400', async () => {
    const post = (query: string) =>
      fetch(new URL(`api/v1${assets()}${query}`, server.url), { method: 'POST', body: 'raw bytes here', headers: { ...authHeader(owner.basic), 'content-type': 'application/octet-stream' } });
    const res = await post('?name=raw.bin');
    assert.equal(res.status, 201);
    const body = (await res.json()) as { name: string; size: number };
    assert.deepEqual([body.name, body.size], ['raw.bin', 14]);
    assert.equal((await post('')).status, 400);
  });

  it('records a link asset (external_url) whose download redirects to it', async () => {
    const res = await upload(server.url, `${assets()}?name=mirror.zip`, [], owner.basic, { external_url: 'https://example.com/mirror.zip' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.browser_download_url, 'https://example.com/mirror.zip');
    assert.equal(res.body.size, 0);
    const bad = await upload(server.url, `${assets()}?name=x.zip`, [], owner.basic, { external_url: 'ftp://example.com/x' });
    assert.equal(bad.status, 422);
    const redirect = await fetch(new URL(`${repo.fullName}/releases/download/v1/assets/mirror.zip`, server.url), { redirect: 'manual' });
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers.get('location'), 'https://example.com/mirror.zip');
  });

  it('renames and deletes an asset; the deleted file leaves the store', async () => {
    const made = (await upload(server.url, assets(), [{ filename: 'old.txt', content: 'bytes' }], owner.basic)).body;
    const renamed = await api.patch(`${assets()}/${made.id}`, { name: 'new.txt' }, owner.basic);
    assert.equal(renamed.status, 201);
    assert.equal(renamed.body.name, 'new.txt');
    const key = `${made.uuid[0]}/${made.uuid[1]}/${made.uuid}`;
    assert.ok(storedFiles(server).includes(key));
    assert.equal((await api.delete(`${assets()}/${made.id}`, owner.basic)).status, 204);
    assert.equal((await api.get(`${assets()}/${made.id}`)).status, 404);
    assert.ok(!storedFiles(server).includes(key));
  });

  it('refuses an asset over MAX_SIZE with 413 while it streams, leaving no row and no file', async () => {
    const before = await server.app.database.db.attachment.count({ where: { releaseId: release.id } });
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const chunks = (async function* () {
      for (let i = 0; i < 48; i++) yield chunk;
    })();
    const stream = multipartStream('graft-boundary-r', 'Content-Disposition: form-data; name="attachment"; filename="big.bin"\r\nContent-Type: application/octet-stream', chunks);
    const res = await fetch(new URL(`api/v1${assets()}`, server.url), {
      method: 'POST',
      headers: uploadHeaders(owner.basic, stream.contentType),
      body: stream.body,
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 413);
    assert.equal(await server.app.database.db.attachment.count({ where: { releaseId: release.id } }), before);
    assert.deepEqual(storedFiles(server).filter((f) => f.startsWith('tmp')), []);
  });

  it('downloads an asset with Content-Length, an ETag answered with 304, byte ranges, and counts each download', async () => {
    const made = (await upload(server.url, assets(), [{ filename: 'data.bin', content: '0123456789' }], owner.basic)).body;
    const url = new URL(`${repo.fullName}/releases/download/v1/assets/data.bin`, server.url);
    const whole = await fetch(url);
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('content-length'), '10');
    assert.equal(await whole.text(), '0123456789');
    const etag = whole.headers.get('etag')!;
    assert.equal((await fetch(url, { headers: { 'if-none-match': etag } })).status, 304);
    const part = await fetch(url, { headers: { range: 'bytes=2-5' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), 'bytes 2-5/10');
    assert.equal(await part.text(), '2345');
    const tail = await fetch(url, { headers: { range: 'bytes=-3' } });
    assert.equal(await tail.text(), '789');
    assert.equal((await fetch(url, { headers: { range: 'bytes=20-30' } })).status, 416);
    assert.equal((await api.get(`${assets()}/${made.id}`)).body.download_count, 3);
    assert.equal((await fetch(new URL(`${repo.fullName}/releases/download/v1/assets/none.bin`, server.url))).status, 404);
  });

  it('serves an asset at /attachments/{uuid} too, with ranges and counts, and hides a draft\'s asset from readers there', async () => {
    const made = (await upload(server.url, assets(), [{ filename: 'by-uuid.bin', content: 'abcdefgh' }], owner.basic)).body;
    const url = new URL(`attachments/${made.uuid}`, server.url);
    const whole = await fetch(url);
    assert.equal(whole.status, 200);
    assert.equal(await whole.text(), 'abcdefgh');
    const part = await fetch(url, { headers: { range: 'bytes=0-2' } });
    assert.equal(part.status, 206);
    assert.equal(await part.text(), 'abc');
    assert.equal((await api.get(`${assets()}/${made.id}`)).body.download_count, 2);

    const draft = (await api.post(`${repo.path}/releases`, { tag_name: 'uuid-draft', draft: true }, owner.basic)).body;
    const hidden = (await upload(server.url, `${repo.path}/releases/${draft.id}/assets`, [{ filename: 'secret.bin', content: 'shh' }], owner.basic)).body;
    const hiddenUrl = new URL(`attachments/${hidden.uuid}`, server.url);
    assert.equal((await fetch(hiddenUrl, { headers: authHeader(reader.basic) })).status, 404, 'a reader does not see a draft');
    const byOwner = await fetch(hiddenUrl, { headers: authHeader(owner.basic) });
    assert.equal(byOwner.status, 200, 'who writes sees it');
    assert.equal(await byOwner.text(), 'shh');
  });
});
