import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { createAccounts, createToken, type TestAccount } from '../../testkit/accounts.ts';
import { commentOn } from '../../testkit/comment-rows.ts';
import type { Auth } from '../../testkit/client.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { multipartStream, storedFiles, upload, uploadHeaders, type UploadPart } from '../../testkit/uploads.ts';
import { useServer } from '../../testkit/use-server.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);
const MiB = 1024 * 1024;

/** Fetches an attachment's browser_download_url. */
async function download(url: string, auth?: Auth, method = 'GET') {
  const headers: Record<string, string> = {};
  if (auth && 'basic' in auth) headers.authorization = `Basic ${Buffer.from(auth.basic.join(':')).toString('base64')}`;
  if (auth && 'token' in auth) headers.authorization = `token ${auth.token}`;
  const res = await fetch(url, { headers, method });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('attachments of issues', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let stranger: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, writer, reader, stranger] = await createAccounts(api, 4);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[writer, 'write'], [reader, 'read']] });
  });

  const open = async (by: TestAccount, at: TestRepo = repo) => {
    const res = await api.post(`${at.path}/issues`, { title: 'with files' }, by.basic);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.number as number;
  };
  const attach = (number: number, by: Auth, file: UploadPart, query = '', at: TestRepo = repo) =>
    upload(server.url, `${at.path}/issues/${number}/assets${query}`, [file], by);
  const attached = async (number: number, by: Auth, file: UploadPart = { filename: 'notes.txt', content: 'hello' }) => {
    const res = await attach(number, by, file);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body;
  };

  it("uploads a file to an issue and answers it in Gitea's shape, in the issue's assets, its list and by id", async () => {
    const number = await open(owner);
    const made = await attached(number, owner.basic, { filename: 'notes.txt', content: 'hello world' });
    assert.equal(made.name, 'notes.txt');
    assert.equal(made.size, 11);
    assert.equal(made.download_count, 0);
    assert.match(made.uuid, /^[0-9a-f-]{36}$/);
    assert.equal(made.browser_download_url, `${server.url}attachments/${made.uuid}`);
    assert.match(made.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.deepEqual(Object.keys(made).sort(), ['browser_download_url', 'created_at', 'download_count', 'id', 'name', 'size', 'uuid']);
    const list = await api.get(`${repo.path}/issues/${number}/assets`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, [made]);
    assert.deepEqual((await api.get(`${repo.path}/issues/${number}/assets/${made.id}`)).body, made);
    assert.deepEqual((await api.get(`${repo.path}/issues/${number}`)).body.assets, [made]);
  });

  it('names the attachment after the name parameter when one is given, else after the uploaded file', async () => {
    const number = await open(owner);
    assert.equal((await attach(number, owner.basic, { filename: 'a.txt', content: 'x' }, '?name=renamed.md')).body.name, 'renamed.md');
    assert.equal((await attach(number, owner.basic, { filename: 'b.txt', content: 'x' }, '?name=')).body.name, 'b.txt');
  });

  it('serves the file at browser_download_url to whoever reads the issues, counting each download', async () => {
    const number = await open(owner);
    const made = await attached(number, owner.basic, { filename: 'pic.png', content: PNG, type: 'image/png' });
    const first = await download(made.browser_download_url);
    assert.equal(first.status, 200);
    assert.deepEqual(first.bytes, Buffer.from(PNG));
    assert.equal(first.headers.get('content-type'), 'image/png');
    assert.equal(first.headers.get('x-content-type-options'), 'nosniff');
    assert.match(first.headers.get('content-disposition') ?? '', /^inline; filename="pic.png"/);
    assert.equal((await download(made.browser_download_url, undefined, 'HEAD')).status, 200);
    await download(made.browser_download_url, reader.basic);
    const counted = await api.get(`${repo.path}/issues/${number}/assets/${made.id}`);
    assert.equal(counted.body.download_count, 2, 'two GETs count, the HEAD does not');
    const other = await attached(number, owner.basic, { filename: 'data.zip', content: Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0]) });
    assert.match((await download(other.browser_download_url)).headers.get('content-disposition') ?? '', /^attachment; filename="data.zip"/);
    assert.equal((await download(`${server.url}attachments/00000000-0000-0000-0000-000000000000`)).status, 404);
  });

  it('lets the poster of an issue and writers upload, edit and delete; others get 403, anonymous callers 401', async () => {
    const number = await open(reader);
    const byPoster = await attached(number, reader.basic);
    const byWriter = await attached(number, writer.basic);
    assert.equal((await attach(number, stranger.basic, { filename: 'x.txt', content: 'x' })).status, 403);
    assert.equal((await attach(number, undefined, { filename: 'x.txt', content: 'x' })).status, 401);
    const others = await open(owner);
    assert.equal((await attach(others, reader.basic, { filename: 'x.txt', content: 'x' })).status, 403, 'a reader who did not post the issue');
    const assets = `${repo.path}/issues/${number}/assets`;
    assert.equal((await api.patch(`${assets}/${byWriter.id}`, { name: 'b.txt' }, stranger.basic)).status, 403);
    assert.equal((await api.delete(`${assets}/${byWriter.id}`, stranger.basic)).status, 403);
    assert.equal((await api.patch(`${assets}/${byWriter.id}`, { name: 'poster.txt' }, reader.basic)).status, 201, "the issue's poster edits what a writer attached");
    assert.equal((await api.delete(`${assets}/${byPoster.id}`, writer.basic)).status, 204);
    assert.deepEqual((await api.get(assets)).body.map((a: { name: string }) => a.name), ['poster.txt']);
  });

  it('renames an attachment (201), keeps the name for an empty one, and re-checks the extension of a new name (422)', async () => {
    const number = await open(owner);
    const made = await attached(number, owner.basic);
    const at = `${repo.path}/issues/${number}/assets/${made.id}`;
    const renamed = await api.patch(at, { name: 'final.md' }, owner.basic);
    assert.equal(renamed.status, 201);
    assert.equal(renamed.body.name, 'final.md');
    assert.equal(renamed.body.uuid, made.uuid);
    assert.equal((await api.patch(at, { name: '' }, owner.basic)).body.name, 'final.md');
    const refused = await api.patch(at, { name: 'evil.exe' }, owner.basic);
    assert.equal(refused.status, 422);
    assert.match(refused.body.message, /forbidden file extension or type/);
    assert.equal((await api.get(at)).body.name, 'final.md');
  });

  it('deletes the row and its file: the download answers 404 afterwards', async () => {
    const number = await open(owner);
    const made = await attached(number, owner.basic);
    const key = path.join(made.uuid[0], made.uuid[1], made.uuid);
    assert.ok(storedFiles(server).includes(key));
    assert.equal((await api.delete(`${repo.path}/issues/${number}/assets/${made.id}`, owner.basic)).status, 204);
    assert.equal(await db().attachment.findUnique({ where: { id: made.id } }), null);
    assert.ok(!storedFiles(server).includes(key));
    assert.equal((await download(made.browser_download_url)).status, 404);
    assert.equal((await api.get(`${repo.path}/issues/${number}/assets/${made.id}`)).status, 404);
  });

  it("answers 404 for an attachment asked for through another issue, and for issues that do not exist", async () => {
    const first = await open(owner);
    const second = await open(owner);
    const made = await attached(first, owner.basic);
    const wrong = `${repo.path}/issues/${second}/assets/${made.id}`;
    assert.equal((await api.get(wrong)).status, 404);
    assert.equal((await api.patch(wrong, { name: 'x.txt' }, owner.basic)).status, 404);
    assert.equal((await api.delete(wrong, owner.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/issues/9999/assets`)).status, 404);
    assert.equal((await attach(9999, owner.basic, { filename: 'x.txt', content: 'x' })).status, 404);
  });

  it('refuses a file whose extension the allowed types do not list with 422, leaving no row and no file', async () => {
    const number = await open(owner);
    const before = storedFiles(server).length;
    const res = await attach(number, owner.basic, { filename: 'tool.exe', content: 'MZ binary' });
    assert.equal(res.status, 422);
    assert.equal(res.body.message, 'This file cannot be uploaded or modified due to a forbidden file extension or type.');
    assert.deepEqual((await api.get(`${repo.path}/issues/${number}/assets`)).body, []);
    assert.equal(storedFiles(server).length, before);
  });

  it('refuses a request that is not multipart (415) or has no attachment part (422)', async () => {
    const number = await open(owner);
    assert.equal((await api.post(`${repo.path}/issues/${number}/assets`, { attachment: 'x' }, owner.basic)).status, 415);
    const res = await upload(server.url, `${repo.path}/issues/${number}/assets`, [{ part: 'other', filename: 'a.txt', content: 'x' }], owner.basic);
    assert.equal(res.status, 422);
    assert.match(res.body.message, /"attachment"/);
  });

  it('lets readers of a private repository download its files and answers 404 to others and to tokens without read:issue 403', async () => {
    const secret = await buildRepo(server, owner, { autoInit: true, private: true, collaborators: [[reader, 'read']] });
    const number = await open(owner, secret);
    const res = await attach(number, owner.basic, { filename: 'secret.txt', content: 'classified' }, '', secret);
    assert.equal(res.status, 201);
    const url = res.body.browser_download_url;
    assert.equal((await download(url)).status, 404);
    assert.equal((await download(url, stranger.basic)).status, 404);
    assert.equal((await download(url, reader.basic)).bytes.toString(), 'classified');
    assert.equal((await api.get(`${secret.path}/issues/${number}/assets`, stranger.basic)).status, 404);
    const repoOnly = await createToken(api, reader, ['read:repository']);
    assert.equal((await download(url, { token: repoOnly })).status, 403);
    const issues = await createToken(api, reader, ['read:issue', 'read:repository']);
    assert.equal((await download(url, { token: issues })).status, 200);
  });

  it('answers 404 to downloads and attachment routes once the issues unit is switched off', async () => {
    const off = await buildRepo(server, owner, { autoInit: true });
    const number = await open(owner, off);
    const made = (await attach(number, owner.basic, { filename: 'a.txt', content: 'x' }, '', off)).body;
    assert.equal((await api.patch(off.path, { has_issues: false }, owner.basic)).status, 200);
    assert.equal((await download(made.browser_download_url, owner.basic)).status, 404);
    assert.equal((await api.get(`${off.path}/issues/${number}/assets`, owner.basic)).status, 404);
    assert.equal((await attach(number, owner.basic, { filename: 'b.txt', content: 'x' }, '', off)).status, 404);
  });

  it('refuses uploads, renames and deletes in an archived repository with 423', async () => {
    const archived = await buildRepo(server, owner, { autoInit: true });
    const number = await open(owner, archived);
    const made = (await attach(number, owner.basic, { filename: 'a.txt', content: 'x' }, '', archived)).body;
    await api.patch(archived.path, { archived: true }, owner.basic);
    assert.equal((await attach(number, owner.basic, { filename: 'b.txt', content: 'x' }, '', archived)).status, 423);
    assert.equal((await api.patch(`${archived.path}/issues/${number}/assets/${made.id}`, { name: 'c.txt' }, owner.basic)).status, 423);
    assert.equal((await api.delete(`${archived.path}/issues/${number}/assets/${made.id}`, owner.basic)).status, 423);
    assert.equal((await api.get(`${archived.path}/issues/${number}/assets/${made.id}`)).status, 200);
  });

  it('publishes an issue_attachment event for each upload, rename and delete, naming the issue and the actor', async () => {
    const number = await open(owner);
    const abort = new AbortController();
    const events = server.app.events.subscribe('issue_attachment', abort.signal);
    const made = await attached(number, writer.basic);
    await api.patch(`${repo.path}/issues/${number}/assets/${made.id}`, { name: 'renamed.txt' }, writer.basic);
    await api.delete(`${repo.path}/issues/${number}/assets/${made.id}`, writer.basic);
    const seen = [];
    for await (const event of events) {
      seen.push(event);
      if (seen.length === 3) break;
    }
    abort.abort();
    assert.deepEqual(seen.map((e) => [e.action, e.name]), [['uploaded', 'notes.txt'], ['renamed', 'renamed.txt'], ['deleted', 'renamed.txt']]);
    for (const event of seen) {
      assert.equal(event.actorId, writer.id);
      assert.equal(event.repoId, repo.id);
      assert.equal(event.number, number);
      assert.equal(event.commentId, null);
      assert.equal(event.attachmentId, made.id);
    }
  });

  it('a page of 50 issues with their assets costs the same SQL statements as a page of 1', async () => {
    const many = await buildRepo(server, owner, { autoInit: true });
    for (let i = 0; i < 50; i++) await open(owner, many);
    for (const number of [1, 2, 50]) assert.equal((await attach(number, owner.basic, { filename: `f${number}.txt`, content: 'x' }, '', many)).status, 201);
    const statements = async (limit: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await api.get(`${many.path}/issues?limit=${limit}`, owner.basic);
      assert.equal(res.body.length, limit);
      return { count: server.app.database.queryCount() - before, assets: res.body.flatMap((i: { assets: { name: string }[] }) => i.assets.map((a) => a.name)) };
    };
    await statements(1);
    const one = await statements(1);
    const fifty = await statements(50);
    assert.deepEqual(one.assets, ['f50.txt']);
    assert.deepEqual(fifty.assets.sort(), ['f1.txt', 'f2.txt', 'f50.txt']);
    assert.equal(fifty.count, one.count);
  });
});

describe('attachments of comments', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  let owner: TestAccount;
  let writer: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;
  let other: TestRepo;

  before(async () => {
    [owner, writer, reader] = await createAccounts(api, 3);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[writer, 'write'], [reader, 'read']] });
    other = await buildRepo(server, owner, { autoInit: true });
  });

  /** A comment by `by` on a new issue (as the comment area writes it: its operations are built elsewhere). */
  const comment = async (by: TestAccount, at: TestRepo = repo) => {
    const issue = await api.post(`${at.path}/issues`, { title: 'discussed' }, owner.basic);
    return (await commentOn(server, at, issue.body.number, by, 'see the file')).id;
  };
  const attach = (id: number, by: Auth, file: UploadPart = { filename: 'log.txt', content: 'lines' }, at: TestRepo = repo) =>
    upload(server.url, `${at.path}/issues/comments/${id}/assets`, [file], by);

  it('uploads, lists, reads, renames and deletes the files of a comment', async () => {
    const id = await comment(reader);
    const made = await attach(id, reader.basic);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const assets = `${repo.path}/issues/comments/${id}/assets`;
    assert.deepEqual((await api.get(assets)).body, [made.body]);
    assert.deepEqual((await api.get(`${assets}/${made.body.id}`)).body, made.body);
    const renamed = await api.patch(`${assets}/${made.body.id}`, { name: 'trace.log' }, writer.basic);
    assert.equal(renamed.status, 201);
    assert.equal(renamed.body.name, 'trace.log');
    assert.equal((await api.patch(`${assets}/${made.body.id}`, { name: 'trace.exe' }, writer.basic)).status, 422);
    assert.equal((await api.delete(`${assets}/${made.body.id}`, reader.basic)).status, 204);
    assert.deepEqual((await api.get(assets)).body, []);
  });

  it("shows a comment's files as its assets wherever the comment is answered: alone, in its issue's list and in the repository's", async () => {
    const id = await comment(writer);
    const first = (await attach(id, writer.basic, { filename: 'a.txt', content: 'a' })).body;
    const second = (await attach(id, writer.basic, { filename: 'b.txt', content: 'b' })).body;
    const row = await db().comment.findUniqueOrThrow({ where: { id }, include: { issue: true } });
    const alone = await api.get(`${repo.path}/issues/comments/${id}`);
    assert.deepEqual(alone.body.assets, [first, second]);
    const listed = (await api.get(`${repo.path}/issues/${row.issue.number}/comments`)).body;
    assert.deepEqual(listed.find((c: { id: number }) => c.id === id).assets, [first, second]);
    const inRepository = (await api.get(`${repo.path}/issues/comments?limit=50`)).body;
    assert.deepEqual(inRepository.find((c: { id: number }) => c.id === id).assets, [first, second]);
  });

  it("keeps a comment's files out of its issue's assets, and an issue's out of the comment's", async () => {
    const id = await comment(owner);
    const onComment = (await attach(id, owner.basic)).body;
    const row = await db().comment.findUniqueOrThrow({ where: { id }, include: { issue: true } });
    const issuePath = `${repo.path}/issues/${row.issue.number}/assets`;
    assert.deepEqual((await api.get(issuePath)).body, []);
    assert.equal((await api.get(`${issuePath}/${onComment.id}`)).status, 404);
    const onIssue = (await upload(server.url, issuePath, [{ filename: 'i.txt', content: 'x' }], owner.basic)).body;
    assert.equal((await api.get(`${repo.path}/issues/comments/${id}/assets/${onIssue.id}`)).status, 404);
  });

  it('lets only the comment poster and writers change its files (403), and answers 404 for a comment of another repository', async () => {
    const id = await comment(writer);
    assert.equal((await attach(id, reader.basic)).status, 403);
    const made = (await attach(id, writer.basic)).body;
    assert.equal((await api.delete(`${repo.path}/issues/comments/${id}/assets/${made.id}`, reader.basic)).status, 403);
    const elsewhere = await comment(owner, other);
    assert.equal((await api.get(`${repo.path}/issues/comments/${elsewhere}/assets`)).status, 404);
    assert.equal((await attach(elsewhere, owner.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/issues/comments/999999/assets`)).status, 404);
  });
});

describe('attachment limits', () => {
  const server = useServer({ attachment: { MAX_SIZE: 1, MAX_FILES: 2, ALLOWED_TYPES: 'image/*,.txt' } });
  const { api } = server;
  let owner: TestAccount;
  let repo: TestRepo;
  let number: number;

  before(async () => {
    [owner] = await createAccounts(api, 1);
    repo = await buildRepo(server, owner, { autoInit: true });
    number = (await api.post(`${repo.path}/issues`, { title: 'limits' }, owner.basic)).body.number;
  });

  const assets = () => `${repo.path}/issues/${number}/assets`;
  const rows = () => server.app.database.db.attachment.count({ where: { repo: { id: repo.id } } });

  it('judges the content by its type: an image under any name passes image/*, text under a name not listed does not', async () => {
    const image = await upload(server.url, assets(), [{ filename: 'picture.bin', content: PNG }], owner.basic);
    assert.equal(image.status, 201);
    const text = await upload(server.url, assets(), [{ filename: 'notes.bin', content: 'plain words' }], owner.basic);
    assert.equal(text.status, 422);
    assert.equal((await upload(server.url, assets(), [{ filename: 'notes.txt', content: 'plain words' }], owner.basic)).status, 201);
  });

  it('refuses a file over MAX_SIZE with 413 as soon as it passes the limit, leaving no row and no file', async () => {
    const before = await rows();
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    let pulled = 0;
    // 4 MiB sent a little at a time, as a slow client sends it: the answer comes once 1 MiB has passed, not at the end.
    const chunks = (async function* () {
      for (let i = 0; i < 64; i++) {
        pulled++;
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield chunk;
      }
    })();
    const boundary = 'graft-boundary-1';
    const stream = multipartStream(boundary, 'Content-Disposition: form-data; name="attachment"; filename="big.txt"\r\nContent-Type: text/plain', chunks);
    const res = await fetch(new URL(`api/v1${assets()}`, server.url), {
      method: 'POST',
      headers: uploadHeaders(owner.basic, stream.contentType),
      body: stream.body,
      duplex: 'half',
    } as RequestInit);
    const pulledWhenAnswered = pulled;
    assert.equal(res.status, 413);
    assert.match(((await res.json()) as { message: string }).message, /exceeds limit 1048576/);
    assert.ok(pulledWhenAnswered < 40, `the server answered after ${pulledWhenAnswered} of 64 chunks of 64 KiB, not once 16 had passed`);
    assert.equal(await rows(), before);
    assert.deepEqual(storedFiles(server).filter((f) => f.startsWith('tmp')), []);
  });

  it('accepts a file of exactly MAX_SIZE', async () => {
    const res = await upload(server.url, assets(), [{ filename: 'full.txt', content: new Uint8Array(MiB).fill(0x62) }], owner.basic);
    assert.equal(res.status, 201);
    assert.equal(res.body.size, MiB);
  });

  it('refuses a request carrying more files than MAX_FILES with 422, leaving no row and no file', async () => {
    const before = await rows();
    const files = storedFiles(server).length;
    const parts = ['a.txt', 'b.txt', 'c.txt'].map((filename) => ({ filename, content: 'x' }));
    const res = await upload(server.url, assets(), parts, owner.basic);
    assert.equal(res.status, 422);
    assert.match(res.body.message, /at most 2 files/);
    assert.equal(await rows(), before);
    assert.equal(storedFiles(server).length, files);
  });

  it('leaves no row and no file behind when the client goes away in the middle of an upload', async () => {
    const before = await rows();
    const files = storedFiles(server).length;
    const abort = new AbortController();
    let sawTemporaryFile = false;
    const chunks = (async function* () {
      for (let sent = 0; !abort.signal.aborted; sent++) {
        if (sent === 4) {
          // Once the server is writing the file under its temporary key, cut the request off.
          for (let i = 0; i < 100 && !sawTemporaryFile; i++) {
            sawTemporaryFile = storedFiles(server).some((f) => f.startsWith('tmp'));
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          abort.abort();
        }
        yield new Uint8Array(64 * 1024).fill(0x63);
      }
    })();
    const stream = multipartStream('graft-boundary-2', 'Content-Disposition: form-data; name="attachment"; filename="cut.txt"', chunks);
    await assert.rejects(
      fetch(new URL(`api/v1${assets()}`, server.url), {
        method: 'POST',
        headers: uploadHeaders(owner.basic, stream.contentType),
        body: stream.body,
        duplex: 'half',
        signal: abort.signal,
      } as RequestInit),
    );
    assert.ok(sawTemporaryFile, 'the upload had begun to be stored');
    // The server notices the closed connection and cleans up after itself.
    for (let i = 0; i < 100 && storedFiles(server).length !== files; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(await rows(), before);
    assert.equal(storedFiles(server).length, files);
  });
});

describe('attachments switched off', () => {
  const server = useServer({ attachment: { ENABLED: false } });
  const { api } = server;

  it('answers 404 on every assets route while attachment.ENABLED is false', async () => {
    const [owner] = await createAccounts(api, 1);
    const repo = await buildRepo(server, owner, { autoInit: true });
    const number = (await api.post(`${repo.path}/issues`, { title: 'x' }, owner.basic)).body.number;
    assert.equal((await api.get(`${repo.path}/issues/${number}/assets`)).status, 404);
    assert.equal((await api.get(`${repo.path}/issues/${number}/assets/1`)).status, 404);
    assert.equal((await upload(server.url, `${repo.path}/issues/${number}/assets`, [{ filename: 'a.txt', content: 'x' }], owner.basic)).status, 404);
    assert.equal((await api.patch(`${repo.path}/issues/${number}/assets/1`, { name: 'b.txt' }, owner.basic)).status, 404);
    assert.equal((await api.get(`${repo.path}/issues/comments/1/assets`)).status, 404);
    assert.deepEqual((await api.get(`${repo.path}/issues/${number}`)).body.assets, []);
  });
});
