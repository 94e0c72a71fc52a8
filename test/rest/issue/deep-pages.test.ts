import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { insertRows } from '../../../src/db/insert-rows.ts';
import { databaseTarget } from '../../../src/db/provider.ts';
import { REMEMBERED_FROM_OFFSET } from '../../../src/domain/issue/issue-pages.ts';
import { createAccount, type TestAccount } from '../../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../../testkit/repos.ts';
import { useServer } from '../../testkit/use-server.ts';

/**
 * Deep pages of an issue list are read from where the page before them ended (src/domain/issue/issue-pages.ts).
 * The tracker is written straight into the database, as the bench writes its own: 1,600 issues through the API
 * would take this file a minute.
 */
describe('deep pages of an issue list', () => {
  const server = useServer();
  const { api } = server;
  const db = () => server.app.database.db;
  const LIMIT = 50;
  const ISSUES = 1600;
  let owner: TestAccount;
  let repo: TestRepo;
  /** Open issues as the list orders them, newest first: [number, creation time]. */
  let openNewestFirst: { number: number; createdAt: number }[];

  before(async () => {
    owner = await createAccount(api);
    repo = await buildRepo(server, owner, { autoInit: true });
    const start = Date.UTC(2021, 0, 1);
    // Two issues share each creation time, so that pages also end between issues of the same time.
    const rows = Array.from({ length: ISSUES }, (_, i) => {
      const number = i + 1;
      const createdAt = new Date(start + Math.floor(number / 2) * 1000);
      const closed = number % 7 === 0;
      return { repoId: repo.id, number, posterId: owner.id, title: `deep ${number}`, body: '', isClosed: closed, createdAt, updatedAt: createdAt, closedAt: closed ? createdAt : null };
    });
    const provider = databaseTarget(server.app.config).provider;
    await db().$transaction(insertRows(db(), provider, 'Issue', rows));
    const closed = rows.filter((r) => r.isClosed).length;
    await db().repository.update({ where: { id: repo.id }, data: { issueCounter: ISSUES, issueCount: ISSUES, closedIssueCount: closed } });
    // Ids rise with numbers (one insert, in order), so newest first is: later time first, then higher number.
    openNewestFirst = rows
      .filter((r) => !r.isClosed)
      .map((r) => ({ number: r.number, createdAt: r.createdAt.getTime() }))
      .sort((a, b) => b.createdAt - a.createdAt || b.number - a.number);
  });

  const numbersOf = async (page: number, query = '') => {
    const res = await api.get(`${repo.path}/issues?limit=${LIMIT}&page=${page}${query}`, owner.basic);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (res.body as { number: number }[]).map((issue) => issue.number);
  };
  const expected = (page: number, list = openNewestFirst) => list.slice((page - 1) * LIMIT, page * LIMIT).map((i) => i.number);
  /** The statement that read a page's ids: the one ordered by creation time. */
  const pageStatement = () => server.app.database.recentStatements().filter((sql) => /ORDER BY .*createdAt/.test(sql)).at(-1) ?? '';
  const seeksByKey = (sql: string) => /createdAt["`]? <= /.test(sql);

  it('reads a page from where the page before it ended, with the rows OFFSET would give, also where a page ends between issues of one time', async () => {
    const firstDeep = REMEMBERED_FROM_OFFSET / LIMIT + 1;
    // A page that starts between two issues of one creation time, read after the page before it.
    const split = [...Array(5).keys()].map((k) => firstDeep + 1 + k).find((p) => openNewestFirst[(p - 1) * LIMIT - 1].createdAt === openNewestFirst[(p - 1) * LIMIT].createdAt);
    assert.ok(split, 'the tracker has a page that starts inside a pair of issues of one time');

    assert.deepEqual(await numbersOf(split - 1), expected(split - 1));
    assert.equal(seeksByKey(pageStatement()), false, 'the first deep page read walks to its offset');
    assert.deepEqual(await numbersOf(split), expected(split));
    assert.equal(seeksByKey(pageStatement()), true, 'the page after it starts where that one ended');
    // Read again, a page starts where it started the first time.
    assert.deepEqual(await numbersOf(split - 1), expected(split - 1));
    assert.equal(seeksByKey(pageStatement()), true);
    // Shallow pages are read by offset as before.
    assert.deepEqual(await numbersOf(2), expected(2));
    assert.equal(seeksByKey(pageStatement()), false);
  });

  it('forgets where pages start when issues change: a new issue and a closed one move the deep pages', async () => {
    const page = REMEMBERED_FROM_OFFSET / LIMIT + 3;
    await numbersOf(page - 1);
    assert.deepEqual(await numbersOf(page), expected(page));

    const opened = await api.post(`${repo.path}/issues`, { title: 'newest' }, owner.basic);
    assert.equal(opened.status, 201);
    const closing = openNewestFirst[10].number;
    assert.equal((await api.patch(`${repo.path}/issues/${closing}`, { state: 'closed' }, owner.basic)).status, 201);
    // One issue in front of every page, one taken out before the deep pages: they hold the same rows again,
    // but only if nothing remembered from before the changes is used.
    const now = [{ number: opened.body.number, createdAt: Infinity }, ...openNewestFirst.filter((i) => i.number !== closing)];
    assert.deepEqual(await numbersOf(page), expected(page, now));
    assert.equal(seeksByKey(pageStatement()), false, 'the start remembered before the changes is not used');
    assert.deepEqual(await numbersOf(page + 1), expected(page + 1, now));
    assert.equal(seeksByKey(pageStatement()), true);
  });

  it('ends a deep list with an empty page, and remembers nothing past its end', async () => {
    const total = (await api.get(`${repo.path}/issues?limit=${LIMIT}&state=all`, owner.basic)).headers.get('x-total-count');
    const last = Math.ceil(Number(total) / LIMIT);
    assert.equal((await numbersOf(last, '&state=all')).length, Number(total) - (last - 1) * LIMIT);
    assert.deepEqual(await numbersOf(last + 1, '&state=all'), []);
    assert.deepEqual(await numbersOf(last + 1, '&state=all'), []);
  });
});
