import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAccount, type TestAccount } from '../testkit/accounts.ts';
import { adminAuth } from '../testkit/client.ts';
import { b64, WorkTree } from '../testkit/contents.ts';
import { buildRepo } from '../testkit/repos.ts';
import { tempDir } from '../testkit/git.ts';
import { fractionalTimes } from '../testkit/times.ts';
import { useServer } from '../testkit/use-server.ts';

/** RFC 3339 with whole seconds, in UTC or an offset: how Gitea writes every time. */
const WHOLE_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;
const ZERO_TIME = '0001-01-01T00:00:00Z';

/** Every time field found by name in a REST answer, with where it is. */
function timeFields(value: unknown, at = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => timeFields(item, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(/(^|_)(at|date|created|updated|timestamp|last_login)$|^(created|updated|date|timestamp)$/.test(key) && typeof item === 'string' ? [[`${at}.${key}`, item] as [string, unknown]] : []),
    ...timeFields(item, `${at}.${key}`),
  ]);
}

describe('times in REST answers and requests', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  const work = tempDir('graft-times-');
  const repo = 'timed';
  const repoPath = () => `/repos/${owner.login}/${repo}`;
  let commits: { utc: string; east: string; west: string };

  before(async () => {
    owner = await createAccount(api);
    await buildRepo(server, owner, { name: repo });
    const local = new WorkTree(path.join(work.dir, 'local'));
    local.write('a.txt', 'a\n');
    const utc = local.commit('in UTC', '2020-01-01T10:00:00Z');
    local.write('b.txt', 'b\n');
    const east = local.commit('east of Greenwich', '2020-02-01T10:00:00+08:00');
    local.write('c.txt', 'c\n');
    const west = local.commit('west of Greenwich', '2020-03-01T10:00:00-05:30');
    local.run(['tag', '-a', 'v1', '-m', 'first release'], local.dir, { GIT_COMMITTER_DATE: '2020-04-01T10:00:00+02:00' });
    await local.push(server.url, owner, repo, ['main', 'v1']);
    commits = { utc, east, west };
  });
  after(() => work.remove());

  it('writes every time of a representative set of answers as RFC 3339 with whole seconds', async () => {
    assert.equal((await api.put(`${repoPath()}/subscription`, undefined, owner.basic)).status, 200);
    const token = await api.post(`/users/${owner.login}/tokens`, { name: 'times', scopes: ['read:user'], expires_at: '2099-01-01T00:00:00.250Z' }, owner.basic);
    assert.equal(token.status, 201, JSON.stringify(token.body));
    const file = await api.post(`${repoPath()}/contents/d.txt`, { content: b64('d\n') }, owner.basic);
    assert.equal(file.status, 201, JSON.stringify(file.body));
    const answers = {
      user: await api.get('/user', owner.basic),
      users: await api.get('/admin/users', adminAuth),
      tokens: await api.get(`/users/${owner.login}/tokens`, owner.basic),
      repository: await api.get(repoPath(), owner.basic),
      repositories: await api.get('/user/repos', owner.basic),
      commits: await api.get(`${repoPath()}/commits`, owner.basic),
      commit: await api.get(`${repoPath()}/git/commits/${commits.east}`, owner.basic),
      branch: await api.get(`${repoPath()}/branches/main`, owner.basic),
      tags: await api.get(`${repoPath()}/tags`, owner.basic),
      annotated: await api.get(`${repoPath()}/git/tags/${(await api.get(`${repoPath()}/tags/v1`, owner.basic)).body.id}`, owner.basic),
      contents: await api.get(`${repoPath()}/contents`, owner.basic),
      watch: await api.get(`${repoPath()}/subscription`, owner.basic),
      token,
      file,
    };
    const seen = new Set<string>();
    for (const [name, res] of Object.entries(answers)) {
      assert.ok(res.status < 300, `${name}: ${res.status} ${JSON.stringify(res.body)}`);
      assert.deepEqual(fractionalTimes(res.body), [], name);
      for (const [where, value] of timeFields(res.body)) {
        assert.match(String(value), WHOLE_SECONDS, `${name}${where}`);
        seen.add(where.replace(/\[\d+\]/g, '[]').split('.').pop()!);
      }
    }
    // The walk above found the times it is meant to check.
    for (const key of ['created', 'last_login', 'created_at', 'updated_at', 'archived_at', 'expires_at', 'last_used_at', 'date', 'timestamp', 'last_committer_date']) {
      assert.ok(seen.has(key), `no ${key} was checked`);
    }
    assert.equal(answers.repository.body.archived_at, ZERO_TIME, 'the zero time stays as Gitea writes it');
  });

  it('keeps the offset git recorded in commit dates, and writes file-change and tagger dates in UTC', async () => {
    const commit = (await api.get(`${repoPath()}/git/commits/${commits.west}`, owner.basic)).body;
    assert.equal(commit.commit.author.date, '2020-03-01T10:00:00-05:30');
    assert.equal(commit.created, '2020-03-01T10:00:00-05:30');
    const east = (await api.get(`${repoPath()}/git/commits/${commits.east}`, owner.basic)).body;
    assert.equal(east.commit.committer.date, '2020-02-01T10:00:00+08:00');

    const changed = await api.post(
      `${repoPath()}/contents/dated.txt`,
      { content: b64('x\n'), dates: { author: '2021-02-03T04:05:06.789+05:30', committer: '2021-02-03T04:05:06+05:30' } },
      owner.basic,
    );
    assert.equal(changed.status, 201, JSON.stringify(changed.body));
    assert.equal(changed.body.commit.author.date, '2021-02-02T22:35:06Z');
    assert.equal(changed.body.commit.created, '2021-02-02T22:35:06Z');

    const tag = (await api.get(`${repoPath()}/tags/v1`, owner.basic)).body;
    assert.equal(tag.commit.created, '2020-04-01T10:00:00+02:00');
    const annotated = (await api.get(`${repoPath()}/git/tags/${tag.id}`, owner.basic)).body;
    assert.equal(annotated.tagger.date, '2020-04-01T08:00:00Z');
  });

  it('accepts times with or without a fraction, in UTC or any offset, in request bodies', async () => {
    const token = await api.post(`/users/${owner.login}/tokens`, { name: 'offset', scopes: ['read:user'], expires_at: '2099-01-02T03:04:05.678+08:00' }, owner.basic);
    assert.equal(token.status, 201, JSON.stringify(token.body));
    assert.equal(token.body.expires_at, '2099-01-01T19:04:05Z');
    const plain = await api.post(`/users/${owner.login}/tokens`, { name: 'plain', scopes: ['read:user'], expires_at: '2099-01-02T03:04:05Z' }, owner.basic);
    assert.equal(plain.status, 201, JSON.stringify(plain.body));
    assert.equal(plain.body.expires_at, '2099-01-02T03:04:05Z');

    const user = await api.post('/admin/users', { username: 'dated', email: 'dated@example.test', password: 'dated-password-1', created_at: '2020-05-06T07:08:09.5-02:00' }, adminAuth);
    assert.equal(user.status, 201, JSON.stringify(user.body));
    assert.equal(user.body.created, '2020-05-06T09:08:09Z');
  });

  it('accepts times with or without a fraction, in UTC or any offset, in query parameters', async () => {
    const shas = async (query: string) => {
      const res = await api.get(`${repoPath()}/commits?stat=false&files=false&${query}`, owner.basic);
      assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
      return res.body.map((c: { sha: string }) => c.sha);
    };
    // The east commit was made at 2020-02-01T02:00:00Z; the commits of the file changes above are later than 2020.
    for (const since of ['2020-02-01T02:00:00Z', '2020-02-01T02:00:00.000Z', '2020-02-01T10:00:00+08:00', '2020-02-01T10:00:00.000+08:00', '2020-01-31T21:00:00-05:00']) {
      assert.deepEqual(await shas(`since=${encodeURIComponent(since)}&until=2020-12-31T00:00:00Z`), [commits.west, commits.east], `since=${since}`);
    }
    for (const until of ['2020-02-01T01:59:59.999Z', '2020-02-01T09:59:59+08:00']) {
      assert.deepEqual(await shas(`until=${encodeURIComponent(until)}`), [commits.utc], `until=${until}`);
    }
  });
});
