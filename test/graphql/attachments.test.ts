import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { commentOn } from '../testkit/comment-rows.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { uploadHeaders } from '../testkit/uploads.ts';
import { useServer } from '../testkit/use-server.ts';
import type { Auth } from '../testkit/client.ts';

const CREATE = `mutation($owner: String!, $name: String!, $number: Int!, $file: Upload!, $fileName: String) {
  createIssueAttachment(owner: $owner, name: $name, number: $number, file: $file, fileName: $fileName) {
    databaseId name size downloadCount downloadUrl uuid uploader { login }
  }
}`;

describe('attachments through GraphQL', () => {
  const server = useServer({ attachment: { MAX_SIZE: 1 } });
  const { api } = server;
  let owner: TestAccount;
  let reader: TestAccount;
  let repo: TestRepo;

  before(async () => {
    [owner, reader] = await createAccounts(api, 2);
    repo = await buildRepo(server, owner, { autoInit: true, collaborators: [[reader, 'read']] });
  });

  const open = async () => (await api.post(`${repo.path}/issues`, { title: 'files' }, owner.basic)).body.number as number;

  /** A GraphQL multipart request (operations, map, then the file), as upload clients send it. */
  async function multipart(query: string, variables: Record<string, unknown>, file: { name: string; content: string | Uint8Array<ArrayBuffer> } | null, auth: Auth, map?: unknown) {
    const form = new FormData();
    form.append('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
    form.append('map', JSON.stringify(map ?? (file ? { 0: ['variables.file'] } : {})));
    if (file) form.append('0', new Blob([file.content]), file.name);
    const headers = uploadHeaders(auth, '');
    delete (headers as Record<string, string>)['content-type'];
    const res = await fetch(new URL('api/graphql', server.url), { method: 'POST', body: form, headers });
    return { status: res.status, ...((await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }) };
  }

  it('uploads a file with a multipart request, and lists it on the issue with its uploader and download address', async () => {
    const number = await open();
    const res = await multipart(CREATE, { owner: repo.owner, name: repo.name, number, fileName: 'given.txt' }, { name: 'sent.txt', content: 'graphql bytes' }, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res));
    assert.equal(res.errors, undefined);
    const made = res.data.createIssueAttachment;
    assert.equal(made.name, 'given.txt');
    assert.equal(made.size, 13);
    assert.equal(made.uploader.login, owner.login);
    assert.equal(made.downloadUrl, `${server.url}attachments/${made.uuid}`);
    const read = await server.graphql(
      'query($o: String!, $n: String!, $i: Int!, $id: Int!) { repository(owner: $o, name: $n) { issue(number: $i) { attachments { name } attachment(id: $id) { size } } } }',
      { o: repo.owner, n: repo.name, i: number, id: made.databaseId },
    );
    assert.deepEqual(read.data.repository.issue, { attachments: [{ name: 'given.txt' }], attachment: { size: 13 } });
    assert.equal(Buffer.from(await (await fetch(made.downloadUrl)).arrayBuffer()).toString(), 'graphql bytes');
  });

  it('renames and deletes with updateIssueAttachment and deleteIssueAttachment, and answers null for an attachment that is gone', async () => {
    const number = await open();
    const made = (await multipart(CREATE, { owner: repo.owner, name: repo.name, number }, { name: 'a.txt', content: 'x' }, owner.basic)).data.createIssueAttachment;
    const vars = { owner: repo.owner, name: repo.name, number, id: made.databaseId };
    const renamed = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!, $id: Int!) { updateIssueAttachment(owner: $owner, name: $name, number: $number, id: $id, input: { name: "b.md" }) { name } }',
      vars,
      owner.basic,
    );
    assert.equal(renamed.data.updateIssueAttachment.name, 'b.md');
    const refused = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!, $id: Int!) { updateIssueAttachment(owner: $owner, name: $name, number: $number, id: $id, input: { name: "b.exe" }) { name } }',
      vars,
      owner.basic,
    );
    assert.equal(refused.errors?.[0].extensions?.code, 'VALIDATION');
    const deleted = await server.graphql(
      'mutation($owner: String!, $name: String!, $number: Int!, $id: Int!) { deleteIssueAttachment(owner: $owner, name: $name, number: $number, id: $id) }',
      vars,
      owner.basic,
    );
    assert.equal(deleted.data.deleteIssueAttachment, true);
    const gone = await server.graphql('query($o: String!, $n: String!, $i: Int!, $id: Int!) { repository(owner: $o, name: $n) { issue(number: $i) { attachment(id: $id) { name } } } }', {
      o: repo.owner,
      n: repo.name,
      i: number,
      id: made.databaseId,
    });
    assert.equal(gone.data.repository.issue.attachment, null);
  });

  it('answers FORBIDDEN to a reader who did not post the issue and TOO_LARGE past MAX_SIZE, storing nothing', async () => {
    const number = await open();
    const vars = { owner: repo.owner, name: repo.name, number };
    const forbidden = await multipart(CREATE, vars, { name: 'a.txt', content: 'x' }, reader.basic);
    assert.equal(forbidden.errors?.[0].extensions?.code, 'FORBIDDEN');
    const big = await multipart(CREATE, vars, { name: 'big.txt', content: new Uint8Array(1024 * 1024 + 1).fill(0x61) }, owner.basic);
    assert.equal(big.errors?.[0].extensions?.code, 'TOO_LARGE');
    assert.equal(await server.app.database.db.attachment.count({ where: { issue: { repoId: repo.id, number } } }), 0);
  });

  it('refuses multipart requests whose map names no file it carries, or more than one, with 400', async () => {
    const number = await open();
    const vars = { owner: repo.owner, name: repo.name, number };
    assert.equal((await multipart(CREATE, vars, null, owner.basic, { 0: ['variables.file'] })).status, 400);
    assert.equal((await multipart(CREATE, vars, { name: 'a.txt', content: 'x' }, owner.basic, { 0: ['variables.file'], 1: ['variables.other'] })).status, 400);
    assert.equal((await multipart(CREATE, vars, { name: 'a.txt', content: 'x' }, owner.basic, { 0: ['query'] })).status, 400);
  });

  it('reaches the files of a comment through Repository.commentAttachments, null for a comment that does not exist', async () => {
    const number = await open();
    const comment = await commentOn(server, repo, number, owner);
    const created = await multipart(
      'mutation($owner: String!, $name: String!, $commentId: Int!, $file: Upload!) { createCommentAttachment(owner: $owner, name: $name, commentId: $commentId, file: $file) { databaseId name } }',
      { owner: repo.owner, name: repo.name, commentId: comment.id },
      { name: 'c.txt', content: 'on a comment' },
      owner.basic,
    );
    assert.equal(created.data.createCommentAttachment.name, 'c.txt');
    const read = await server.graphql(
      'query($o: String!, $n: String!, $c: Int!) { repository(owner: $o, name: $n) { commentAttachments(commentId: $c) { name } missing: commentAttachments(commentId: 999999) { name } } }',
      { o: repo.owner, n: repo.name, c: comment.id },
    );
    assert.deepEqual(read.data.repository, { commentAttachments: [{ name: 'c.txt' }], missing: null });
  });

  it('refuses an Upload written in the document instead of sent as a file', async () => {
    const number = await open();
    const res = await server.graphql(
      `mutation { createIssueAttachment(owner: "${repo.owner}", name: "${repo.name}", number: ${number}, file: "x") { name } }`,
      undefined,
      owner.basic,
    );
    assert.ok(res.errors?.length);
    assert.equal(res.data ?? null, null);
  });

  it('a page of 50 issues with their attachments costs the same SQL statements as a page of 1', async () => {
    const many = await buildRepo(server, owner, { autoInit: true });
    for (let i = 0; i < 50; i++) await api.post(`${many.path}/issues`, { title: `i${i}` }, owner.basic);
    const query = 'query($o: String!, $n: String!, $f: Int!) { repository(owner: $o, name: $n) { issues(first: $f) { nodes { number attachments { name uploader { login } } } } } }';
    for (const number of [1, 50]) {
      const res = await multipart(CREATE, { owner: many.owner, name: many.name, number }, { name: `f${number}.txt`, content: 'x' }, owner.basic);
      assert.equal(res.errors, undefined);
    }
    const statements = async (first: number) => {
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      const res = await server.graphql(query, { o: many.owner, n: many.name, f: first }, owner.basic);
      assert.equal(res.data.repository.issues.nodes.length, first);
      return server.app.database.queryCount() - before;
    };
    await statements(1);
    assert.equal(await statements(50), await statements(1));
  });
});
