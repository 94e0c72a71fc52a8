import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';
import { graphql } from '../testkit/client.ts';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { tempDir } from '../testkit/git.ts';
import { LocalHistory } from '../testkit/history.ts';
import { gitSpawnCount } from '../../src/git/command.ts';

const COMMIT_FIELDS = `
  oid abbreviatedOid message messageHeadline treeOid parentOids
  author { name email date user { login } }
  committer { name email date user { login } }
  stats { additions deletions total }
  files { filename previousFilename status additions deletions changes binary }
  verification { verified reason signature payload }
`;

describe('commits and git data in GraphQL', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  const work = tempDir('graft-gql-commits-');
  let local: LocalHistory;
  const ids: Record<string, string> = {};
  const q = <T = any>(query: string, variables: Record<string, unknown> = {}) => graphql<T>(server.url, query, variables, owner.basic);
  const repoQuery = (inner: string, vars = '') =>
    `query($owner: String!, $name: String!${vars}) { repository(owner: $owner, name: $name) { ${inner} } }`;
  const vars = (extra: Record<string, unknown> = {}) => ({ owner: owner.login, name: 'g', ...extra });

  before(async () => {
    owner = await createAccount(api);
    await buildRepo(server, owner, { name: 'g' });
    local = new LocalHistory(path.join(work.dir, 'g'));
    const me = { name: 'Owner', email: owner.email };
    ids.c1 = local.commit({ message: 'one', date: '2021-06-01T12:00:00-05:00', author: me, files: { 'a.txt': 'a\nb\nc\nd\n', 'bin.dat': Buffer.from([0, 1, 2]) } });
    ids.c2 = local.commit({ message: 'move and edit\n\nbody text', date: '2021-06-02T12:00:00Z', author: me, files: { 'a.txt': null, 'moved/a.txt': 'a\nb\nc\nD\n', 'bin.dat': Buffer.from([3, 4]) } });
    local.run(['branch', 'side', ids.c1]);
    ids.c3 = local.commit({ message: 'three', date: '2021-06-03T12:00:00Z', files: { 'new.txt': 'new\n' } });
    await local.push(server.url, owner.login, 'g', [owner.login, owner.password], ['main', 'side']);
  });
  after(() => work.remove());

  it('reads a commit by revision, with renames (previous file name), line counts, binary files and its author account', async () => {
    const res = await q(repoQuery(`commit(rev: $rev) { ${COMMIT_FIELDS} }`, ', $rev: String!'), vars({ rev: 'main~1' }));
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const c = res.data.repository.commit;
    assert.equal(c.oid, ids.c2);
    assert.equal(c.abbreviatedOid, ids.c2.slice(0, 10));
    assert.equal(c.message, 'move and edit\n\nbody text\n');
    assert.equal(c.messageHeadline, 'move and edit');
    assert.equal(c.treeOid, local.rev(`${ids.c2}^{tree}`));
    assert.deepEqual(c.parentOids, [ids.c1]);
    assert.deepEqual(c.author, { name: 'Owner', email: owner.email, date: '2021-06-02T12:00:00Z', user: { login: owner.login } });
    assert.deepEqual(c.stats, { additions: 1, deletions: 1, total: 2 });
    const files = [...c.files].sort((x, y) => (x.filename < y.filename ? -1 : 1));
    assert.deepEqual(files, [
      { filename: 'bin.dat', previousFilename: null, status: 'modified', additions: 0, deletions: 0, changes: 0, binary: true },
      { filename: 'moved/a.txt', previousFilename: 'a.txt', status: 'renamed', additions: 1, deletions: 1, changes: 2, binary: false },
    ]);
    assert.deepEqual(c.verification, { verified: false, reason: 'gpg.error.not_signed_commit', signature: '', payload: '' });
    const first = await q(repoQuery('commit(rev: $rev) { author { date } }', ', $rev: String!'), vars({ rev: ids.c1 }));
    assert.equal(first.data.repository.commit.author.date, '2021-06-01T12:00:00-05:00');
  });

  it('gives a commit its raw diff and mbox patch', async () => {
    const res = await q(repoQuery('commit(rev: $rev) { diff patch }', ', $rev: String!'), vars({ rev: ids.c2 }));
    const { diff, patch } = res.data.repository.commit;
    assert.match(diff, /^rename from a.txt$/m);
    assert.match(diff, /^-d$/m);
    assert.match(diff, /^\+D$/m);
    assert.ok(patch.startsWith(`From ${ids.c2} `));
    assert.match(patch, /^Subject: \[PATCH\] move and edit$/m);
  });

  it('answers null for a revision that names no commit, and a VALIDATION error for an option-like one', async () => {
    const missing = await q(repoQuery('commit(rev: $rev) { oid }', ', $rev: String!'), vars({ rev: 'nope' }));
    assert.equal(missing.errors, undefined);
    assert.equal(missing.data.repository.commit, null);
    const option = await q(repoQuery('commit(rev: $rev) { oid }', ', $rev: String!'), vars({ rev: '--all' }));
    assert.equal(option.errors?.[0]?.extensions?.code, 'VALIDATION');
  });

  it('pages history with first/after and a total, and filters by path, dates and not', async () => {
    const page = (extra: string, variables: Record<string, unknown> = {}) =>
      q(repoQuery(`commits(${extra}) { totalCount pageInfo { hasNextPage endCursor } nodes { oid } }`, extra.includes('$after') ? ', $after: String' : ''), vars(variables));
    const first = (await page('first: 2, after: $after')).data.repository.commits;
    assert.equal(first.totalCount, 3);
    assert.deepEqual(first.nodes.map((n: { oid: string }) => n.oid), [ids.c3, ids.c2]);
    assert.equal(first.pageInfo.hasNextPage, true);
    const second = (await page('first: 2, after: $after', { after: first.pageInfo.endCursor })).data.repository.commits;
    assert.deepEqual(second.nodes.map((n: { oid: string }) => n.oid), [ids.c1]);
    assert.equal(second.pageInfo.hasNextPage, false);
    const byPath = (await page('path: "moved"')).data.repository.commits;
    assert.deepEqual([byPath.totalCount, byPath.nodes[0].oid], [1, ids.c2]);
    const byDate = (await page('since: "2021-06-02T00:00:00Z", until: "2021-06-02T23:00:00Z"')).data.repository.commits;
    assert.deepEqual(byDate.nodes.map((n: { oid: string }) => n.oid), [ids.c2]);
    const notSide = (await page('not: "side"')).data.repository.commits;
    assert.deepEqual(notSide.nodes.map((n: { oid: string }) => n.oid), [ids.c3, ids.c2]);
    const fromSide = (await page('rev: "side"')).data.repository.commits;
    assert.deepEqual(fromSide.nodes.map((n: { oid: string }) => n.oid), [ids.c1]);
  });

  it('lists trees (null when the revision names none) and reads blobs by id', async () => {
    const res = await q(
      repoQuery('tree(rev: $rev, recursive: true, first: 2) { oid totalCount pageInfo { hasNextPage } nodes { path type mode oid size } } missing: tree(rev: "nope") { oid }', ', $rev: String!'),
      vars({ rev: 'main' }),
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const tree = res.data.repository.tree;
    assert.equal(tree.oid, local.rev('main^{tree}'));
    assert.equal(tree.totalCount, 4);
    assert.equal(tree.pageInfo.hasNextPage, true);
    assert.deepEqual(tree.nodes[0], { path: 'bin.dat', type: 'blob', mode: '100644', oid: local.rev('main:bin.dat'), size: 2 });
    assert.equal(res.data.repository.missing, null);
    const blob = await q(repoQuery('blob(oid: $oid) { oid size contentBase64 lfs { oid } } none: blob(oid: "abcdef12") { oid }', ', $oid: String!'), vars({ oid: local.rev('main:new.txt') }));
    assert.deepEqual(blob.data.repository.blob, { oid: local.rev('main:new.txt'), size: 4, contentBase64: Buffer.from('new\n').toString('base64'), lfs: null });
    assert.equal(blob.data.repository.none, null);
  });

  it('compares two revisions: commits, merge base and the changed files from the merge base', async () => {
    const res = await q(
      repoQuery(`compare(base: "side", head: "main") { baseOid headOid mergeBaseOid commits(first: 10) { totalCount nodes { oid } }
        files { filename previousFilename status additions deletions } }`),
      vars(),
    );
    assert.equal(res.errors, undefined, JSON.stringify(res.errors));
    const c = res.data.repository.compare;
    assert.deepEqual([c.baseOid, c.headOid, c.mergeBaseOid], [ids.c1, ids.c3, ids.c1]);
    assert.equal(c.commits.totalCount, 2);
    assert.deepEqual(c.commits.nodes.map((n: { oid: string }) => n.oid), [ids.c3, ids.c2]);
    assert.deepEqual(
      [...c.files].sort((x, y) => (x.filename < y.filename ? -1 : 1)),
      [
        { filename: 'bin.dat', previousFilename: null, status: 'modified', additions: 0, deletions: 0 },
        { filename: 'moved/a.txt', previousFilename: 'a.txt', status: 'renamed', additions: 1, deletions: 1 },
        { filename: 'new.txt', previousFilename: null, status: 'added', additions: 1, deletions: 0 },
      ],
    );
    const bad = await q(repoQuery('compare(base: "side", head: "nope") { baseOid }'), vars());
    assert.equal(bad.errors?.[0]?.extensions?.code, 'NOT_FOUND');
  });

  it('reports a signed commit as signed but unverified, with the signature and exactly the payload that was signed', async () => {
    const key = path.join(work.dir, 'signing-key');
    const keygen = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', key]);
    assert.equal(keygen.status, 0, String(keygen.stderr));
    writeFileSync(path.join(local.dir, 'signed.txt'), 'signed\n');
    local.run(['add', '-A']);
    local.run(['-c', 'gpg.format=ssh', '-c', `user.signingkey=${key}`, 'commit', '-q', '-S', '-m', 'signed']);
    const signed = local.rev('HEAD');
    await local.push(server.url, owner.login, 'g', [owner.login, owner.password], ['main']);
    const res = await q(repoQuery('commit(rev: $rev) { verification { verified reason signature payload } }', ', $rev: String!'), vars({ rev: signed }));
    const v = res.data.repository.commit.verification;
    assert.equal(v.verified, false);
    assert.equal(v.reason, 'gpg.error.no_gpg_keys_found');
    assert.match(v.signature, /^-----BEGIN SSH SIGNATURE-----\n[\s\S]*-----END SSH SIGNATURE-----\n$/);
    assert.doesNotMatch(v.payload, /SSH SIGNATURE/);
    // ssh-keygen checks the signature over the payload: it holds only if the payload is byte for byte what was signed.
    writeFileSync(path.join(work.dir, 'sig'), v.signature);
    const verify = spawnSync('ssh-keygen', ['-Y', 'check-novalidate', '-n', 'git', '-s', path.join(work.dir, 'sig')], { input: v.payload });
    assert.equal(verify.status, 0, String(verify.stderr) + String(verify.stdout));
    const tampered = spawnSync('ssh-keygen', ['-Y', 'check-novalidate', '-n', 'git', '-s', path.join(work.dir, 'sig')], { input: `${v.payload} ` });
    assert.notEqual(tampered.status, 0);
  });

  it('a page of 30 commits with stats, files and author accounts costs the SQL statements and git processes of a page of 1', async () => {
    await buildRepo(server, owner, { name: 'many' });
    const others = [owner, await createAccount(api), await createAccount(api)];
    const l = new LocalHistory(path.join(work.dir, 'many'));
    for (let i = 0; i < 32; i++) {
      const who = others[i % 3];
      l.commit({ message: `c${i}`, date: `2021-07-${String(1 + (i % 28)).padStart(2, '0')}T00:00:${String(i).padStart(2, '0')}Z`, author: { name: who.login, email: who.email }, files: { [`f${i % 4}`]: `${i}\n` } });
    }
    await l.push(server.url, owner.login, 'many', [owner.login, owner.password], ['main']);
    const query = `query($n: Int) { repository(owner: "${owner.login}", name: "many") { commits(first: $n) { totalCount nodes { oid
      author { user { login } } committer { user { login } } stats { total } files { filename status } } } } }`;
    // Warms the readers without asking for any commit's changes: those are memoized per commit, so a warm-up
    // that read them would make the page of 1 look cheaper than it is.
    const warmUp = `{ repository(owner: "${owner.login}", name: "many") { commits(first: 1) { nodes { oid author { user { login } } } } } }`;
    const measure = async (n: number) => {
      await q(warmUp, {});
      // Cold caches each time: a row read once per item must not hide behind an earlier request's reads.
      server.app.caches.clear();
      const sql = server.app.database.queryCount();
      const spawns = gitSpawnCount();
      const res = await q(query, { n });
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      assert.equal(res.data.repository.commits.nodes.length, n);
      return { sql: server.app.database.queryCount() - sql, spawns: gitSpawnCount() - spawns, nodes: res.data.repository.commits.nodes };
    };
    const one = await measure(1);
    const thirty = await measure(30);
    assert.ok(thirty.nodes.every((n: { author: { user: unknown }; stats: { total: number } }) => n.author.user && n.stats.total >= 1));
    assert.equal(new Set(thirty.nodes.map((n: { author: { user: { login: string } } }) => n.author.user.login)).size, 3);
    assert.equal(thirty.sql, one.sql, `SQL: ${thirty.sql} statements for 30 commits, ${one.sql} for 1`);
    assert.equal(thirty.spawns, one.spawns, `git: ${thirty.spawns} processes for 30 commits, ${one.spawns} for 1`);
    assert.ok(thirty.spawns <= 3, `git log, rev-list and diff-tree at most, got ${thirty.spawns}`);
  });

  it('shows no account for an author address nobody has, at the cost of a known author, and the account as soon as one takes it', async () => {
    await buildRepo(server, owner, { name: 'newcomer' });
    const login = `newcomer${process.pid}`;
    const l = new LocalHistory(path.join(work.dir, 'newcomer'));
    const oid = l.commit({ message: 'before signing up', date: '2021-08-01T00:00:00Z', author: { name: 'Newcomer', email: `${login}@example.test` }, files: { 'n.txt': 'n\n' } });
    await l.push(server.url, owner.login, 'newcomer', [owner.login, owner.password], ['main']);
    // The push's background work (the event log's followers) must not land in the statements counted below.
    await server.app.backgroundIdle();
    const read = async () => {
      const res = await q(`{ repository(owner: "${owner.login}", name: "newcomer") { commit(rev: "${oid}") { author { user { login } } } } }`);
      assert.equal(res.errors, undefined, JSON.stringify(res.errors));
      return res.data.repository.commit.author.user;
    };
    /** Statements of a read made a second time (the first fills the caches). */
    const repeatedCost = async (run: () => Promise<unknown>) => {
      await run();
      await server.app.backgroundIdle();
      const before = server.app.database.queryCount();
      await run();
      return server.app.database.queryCount() - before;
    };
    assert.equal(await read(), null);
    // "Nobody has it" is kept like "this account has it": the read costs what one of a known author costs.
    const ofKnownAuthor = () => q(repoQuery('commit(rev: $rev) { author { user { login } } }', ', $rev: String!'), vars({ rev: ids.c2 }));
    assert.equal(await repeatedCost(read), await repeatedCost(ofKnownAuthor));
    await createAccount(api, { login });
    assert.deepEqual(await read(), { login });
  });
});
