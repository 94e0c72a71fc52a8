import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { isUniqueViolation } from '../../src/db/errors.ts';
import { insertRows } from '../../src/db/insert-rows.ts';
import { databaseTarget } from '../../src/db/provider.ts';
import { createAccount } from '../testkit/accounts.ts';
import { buildRepo } from '../testkit/repos.ts';
import { useServer } from '../testkit/use-server.ts';

/** Raw multi-row inserts (the branch and tag tables' sync) store what Prisma stores, and fail as Prisma's writes fail. */
describe('rows inserted many at a time', () => {
  const server = useServer();
  let repoId: number;
  before(async () => {
    const owner = await createAccount(server.api);
    repoId = (await buildRepo(server, owner, { name: 'rows' })).id;
  });

  const db = () => server.app.database.db;
  const provider = () => databaseTarget(server.app.config).provider;
  const row = (i: number) => ({
    repoId,
    name: `b${i}`,
    lowerName: `b${i}`,
    commitId: String(i).padStart(40, '0'),
    commitSummary: `summary ${i} — ünïcode`,
    authorName: 'A',
    authorEmail: 'a@example.test',
    authorDate: new Date(Date.UTC(2020, 0, 1, 0, 0, i)),
    committerDate: new Date(Date.UTC(2021, 5, 1, 12, 0, i)),
    updatedAt: new Date(),
  });

  it('inserts rows in statements of 500 that Prisma reads back as written', async () => {
    const rows = Array.from({ length: 1201 }, (_, i) => row(i));
    const statements = insertRows(db(), provider(), 'Branch', rows);
    assert.equal(statements.length, 3);
    await db().$transaction(statements);
    const back = await db().branch.findMany({ where: { repoId }, orderBy: { committerDate: 'desc' } });
    assert.equal(back.length, 1201);
    assert.deepEqual(back[0], rows[1200]);
    assert.deepEqual(back.at(-1), rows[0]);
  });

  it('fails on a taken key with an error recognised as a unique violation, and inserts nothing of its transaction', async () => {
    const before = await db().branch.count({ where: { repoId } });
    const err = await db().$transaction(insertRows(db(), provider(), 'Branch', [row(5000), row(0)])).then(() => null, (e: unknown) => e);
    assert.ok(err, 'the insert failed');
    assert.equal(isUniqueViolation(err), true);
    assert.equal(await db().branch.count({ where: { repoId } }), before);
  });
});
