import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createAccounts, type TestAccount } from '../testkit/accounts.ts';
import { buildRepo, type TestRepo } from '../testkit/repos.ts';
import { listenAs } from '../testkit/subscriptions.ts';
import { useServer } from '../testkit/use-server.ts';

const ISSUES = 'subscription($owner: String!, $name: String!) { issueEvents(owner: $owner, name: $name) { issue { title } } }';
const PULLS = 'subscription($owner: String!, $name: String!) { pullRequestEvents(owner: $owner, name: $name) { action pullRequest { issue { title } } } }';

describe('issueEvents and pullRequestEvents read each event once for all their subscribers', () => {
  const server = useServer();
  const { api } = server;
  let owner: TestAccount;
  let readers: TestAccount[];
  let repo: TestRepo;

  before(async () => {
    [owner, ...readers] = await createAccounts(api, 13);
    repo = await buildRepo(server, owner, {
      private: true,
      files: { 'README.md': 'hello\n' },
      commits: [{ branch: 'topic', files: { 'topic.txt': 't\n' } }],
      collaborators: readers.map((r) => [r, 'read'] as [TestAccount, 'read']),
    });
  });

  /**
   * The statements of `act` while `who` (each a viewer of their own, so a group of their own) listen with `query`,
   * until each received what `received` picks of the event; asserts each got `expected`.
   */
  const cost = async <T>(who: TestAccount[], query: string, field: string, act: () => Promise<void>, received: (event: T) => string | undefined, expected: string) => {
    const subs = who.map((w) => listenAs<T>(server.url, w, field, query, { owner: owner.login, name: repo.name }));
    await Promise.all(subs.map((s) => s.connected));
    await server.app.backgroundIdle();
    await server.app.backgroundIdle();
    const before = server.app.database.queryCount();
    await act();
    await Promise.all(subs.map((s) => s.delivered(1)));
    await server.app.backgroundIdle();
    const statements = server.app.database.queryCount() - before;
    const seen = await Promise.all(subs.map((s) => s.settle(1)));
    assert.deepEqual(seen.flatMap((s) => s.errors), []);
    assert.deepEqual(seen.map((s) => s.events.map(received)), who.map(() => [expected]));
    return statements;
  };

  it('costs an issue event the same SQL statements for 12 subscribers as for 3, each still authorised', async () => {
    const opened = await api.post(`${repo.path}/issues`, { title: 'first' }, owner.basic);
    assert.equal(opened.status, 201);
    const number = opened.body.number as number;
    const edit = (title: string) => async () => assert.equal((await api.patch(`${repo.path}/issues/${number}`, { title }, owner.basic)).status, 201);
    const pick = (e: { issue: { title: string } | null }) => e.issue?.title;
    // The first edit of an issue reads what later ones find cached: it is not measured.
    await edit('warm')();
    const few = await cost(readers.slice(0, 3), ISSUES, 'issueEvents', edit('second'), pick, 'second');
    const many = await cost(readers, ISSUES, 'issueEvents', edit('third'), pick, 'third');
    assert.equal(many, few);
  });

  it('costs a pull request event the same SQL statements for 12 subscribers as for 3, each still authorised', async () => {
    const opened = await api.post(`${repo.path}/pulls`, { title: 'first', head: 'topic', base: 'main' }, owner.basic);
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    await server.app.backgroundIdle();
    const number = opened.body.number as number;
    const edit = (title: string) => async () => assert.equal((await api.patch(`${repo.path}/pulls/${number}`, { title }, owner.basic)).status, 201);
    await edit('warm')();
    await server.app.backgroundIdle();
    const pick = (e: { action: string; pullRequest: { issue: { title: string } } | null }) => `${e.action} ${e.pullRequest?.issue.title}`;
    const few = await cost(readers.slice(0, 3), PULLS, 'pullRequestEvents', edit('second'), pick, 'edited second');
    const many = await cost(readers, PULLS, 'pullRequestEvents', edit('third'), pick, 'edited third');
    assert.equal(many, few);
  });
});
