/**
 * The bench's Graft, in a process of its own (started by run.ts), so that the RSS and CPU the bench reads
 * from /proc are the server's alone. It is testkit's server (throw-away data directory; on PostgreSQL a
 * schema of its own, dropped on stop) and answers the bench over IPC:
 *   → { type: 'ready', url, dataDir, databaseUrl }   once listening
 *   ← { type: 'counters' }  → { type: 'counters', sql, git }   SQL statements run and git processes spawned so far
 *   ← { type: 'seed-issues', seed }  → { type: 'seeded', open }   writes the large issue tracker (issues-seed.ts)
 *   ← { type: 'seed-search', search }  → { type: 'seeded-search', readableOpen }   writes the search's 1,000 repositories (issue-search-seed.ts)
 *   ← { type: 'seed-pulls', pulls }  → { type: 'seeded-pulls', open }   writes the large pull request list (pulls-seed.ts)
 *   ← { type: 'seed-releases', releases }  → { type: 'seeded-releases', releases }   writes the large release list (releases-seed.ts)
 *   ← { type: 'stop' }      → exits once stopped
 */
// git processes are counted where Graft starts them (src/git/command.ts): a helper process starts them
// (src/git/spawner.ts), never this process's child_process.spawn.
import { gitSpawnCount } from '../../src/git/command.ts';

const { startServer } = await import('../testkit/server.ts');
const { seedIssues } = await import('./issues-seed.ts');
type IssueSeed = import('./issues-seed.ts').IssueSeed;
const { seedSearch } = await import('./issue-search-seed.ts');
type SearchSeed = import('./issue-search-seed.ts').SearchSeed;
const { seedPulls } = await import('./pulls-seed.ts');
type PullSeed = import('./pulls-seed.ts').PullSeed;
const { seedReleases } = await import('./releases-seed.ts');
type ReleaseSeed = import('./releases-seed.ts').ReleaseSeed;

if (!process.send) throw new Error('serve.ts is started by test/bench/run.ts (it needs an IPC channel)');
const send = (message: unknown) => process.send!(message);

// The webhook target delivers to a receiver on 127.0.0.1, which the server refuses unless told (run.ts tells it).
const allowedHosts = process.env.GRAFT__webhook__ALLOWED_HOST_LIST;
const server = await startServer(allowedHosts ? { webhook: { ALLOWED_HOST_LIST: allowedHosts } } : {});
const config = server.app.config;
send({ type: 'ready', url: server.url, dataDir: config.server.DATA_DIR, databaseUrl: config.database.URL });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop().catch((err) => console.error('bench server: stopping failed', err));
  process.exit(0);
}

process.on('message', (message: { type: string; seed?: IssueSeed; search?: SearchSeed; pulls?: PullSeed; releases?: ReleaseSeed }) => {
  if (message.type === 'counters') send({ type: 'counters', sql: server.app.database.queryCount(), git: gitSpawnCount() });
  else if (message.type === 'seed-issues') {
    seedIssues(server.app.database.db, server.app.database.target.provider, message.seed!).then(
      ({ open }) => send({ type: 'seeded', open }),
      (err: Error) => send({ type: 'seeded', error: err.message }),
    );
  }
  else if (message.type === 'seed-search') {
    seedSearch(server.app.database.db, server.app.database.target.provider, message.search!).then(
      ({ readableOpen }) => send({ type: 'seeded-search', readableOpen }),
      (err: Error) => send({ type: 'seeded-search', error: err.message }),
    );
  }
  else if (message.type === 'seed-pulls') {
    seedPulls(server.app.database.db, server.app.database.target.provider, message.pulls!).then(
      ({ open }) => send({ type: 'seeded-pulls', open }),
      (err: Error) => send({ type: 'seeded-pulls', error: err.message }),
    );
  }
  else if (message.type === 'seed-releases') {
    seedReleases(server.app.database.db, server.app.database.target.provider, message.releases!).then(
      ({ releases }) => send({ type: 'seeded-releases', releases }),
      (err: Error) => send({ type: 'seeded-releases', error: err.message }),
    );
  }
  else if (message.type === 'stop') void stop();
});
// The bench went away (crash, Ctrl-C): clean up our data too.
process.on('disconnect', () => void stop());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
