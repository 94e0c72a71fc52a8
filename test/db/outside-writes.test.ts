import assert from 'node:assert/strict';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { outsideWrites } from '../../src/db/outside-writes.ts';
import { tempDir } from '../testkit/git.ts';

/** Two connections to one SQLite file, as the server and the CLI (or a second instance) hold them. */
function twoConnections(journal: 'delete' | 'wal') {
  const file = path.join(work.dir, `${journal}-${++files}.db`);
  const server = new Database(file, { timeout: 1000 });
  server.pragma(`journal_mode = ${journal}`);
  server.exec('CREATE TABLE t (x INTEGER)');
  const other = new Database(file, { timeout: 1000 });
  return { server, other, detector: outsideWrites(server) };
}
const work = tempDir('graft-outside-writes-');
let files = 0;
after(() => work.remove());

describe('commits by other connections to the SQLite file', () => {
  for (const journal of ['delete', 'wal'] as const) {
    it(`are told once, at the next check, and this connection's own are not (${journal} journal)`, () => {
      const { server, other, detector } = twoConnections(journal);
      assert.equal(detector.changed(), false);
      other.exec('INSERT INTO t VALUES (1)');
      assert.equal(detector.changed(), true);
      assert.equal(detector.changed(), false);
      server.exec('INSERT INTO t VALUES (2)');
      assert.equal(detector.changed(), false);
      server.exec('INSERT INTO t VALUES (3)');
      other.exec('INSERT INTO t VALUES (4)');
      assert.equal(detector.changed(), true);
      detector.close();
      server.close();
      other.close();
    });
  }

  it('are checked without a lock: while another process holds the write lock, the check answers at once', () => {
    const { server, other, detector } = twoConnections('delete');
    other.exec('BEGIN EXCLUSIVE');
    other.exec('INSERT INTO t VALUES (1)');
    const started = performance.now();
    assert.equal(detector.changed(), false, 'nothing is committed yet');
    assert.ok(performance.now() - started < 500, 'the check waited for the lock');
    other.exec('COMMIT');
    assert.equal(detector.changed(), true);
    detector.close();
    server.close();
    other.close();
  });
});
