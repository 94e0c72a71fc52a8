/**
 * npm run graft -- <command>
 *   admin user create --username NAME --password PASS --email EMAIL [--admin] [--must-change-password]
 *   admin user list
 *   milestones export OWNER/REPO            (the migration format, schema/migration/milestone.json, on standard output)
 *   milestones import OWNER/REPO FILE       (adds the file's milestones, all or none)
 * Works on the configured database (the same config as npm start), whether or not the server runs.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { anonymousViewer, type Viewer } from '../auth/viewer.ts';
import { ConfigError, loadConfig } from '../config/load.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { databaseNamespace, databaseTarget } from '../db/provider.ts';
import { createUser } from '../domain/user/user.service.ts';
import { createEventBus } from '../events/bus.ts';
import { redisGenerations } from '../cache/generations.ts';
import { postgresGenerations } from '../cache/postgres-generations.ts';
import { isDomainError, notFound } from '../errors.ts';
import { exportMilestones, importMilestones } from '../domain/milestone/milestone.service.ts';
import { findRepositoryByName } from '../domain/repo/repo.service.ts';

const USAGE = `usage:
  npm run graft -- admin user create --username NAME --password PASS --email EMAIL [--admin] [--must-change-password]
  npm run graft -- admin user list
  npm run graft -- milestones export OWNER/REPO
  npm run graft -- milestones import OWNER/REPO FILE`;

/** The milestone commands' arguments: the repository and, to import, the file; null when they do not fit. */
function milestoneCommand(argv: string[]): { verb: 'export' | 'import'; owner: string; name: string; file?: string } | null {
  const [area, verb, fullName, file, ...extra] = argv;
  const [owner, name, ...more] = (fullName ?? '').split('/');
  if (area !== 'milestones' || !owner || !name || more.length || extra.length) return null;
  if (verb === 'export' && file === undefined) return { verb, owner, name };
  if (verb === 'import' && file) return { verb, owner, name, file };
  return null;
}

async function main(argv: string[]): Promise<number> {
  const [area, noun, verb, ...rest] = argv;
  const milestones = milestoneCommand(argv);
  if (!milestones && (area !== 'admin' || noun !== 'user' || !['create', 'list'].includes(verb ?? ''))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const target = databaseTarget(config);
  await migrate(target);
  // The CLI's writes raise the change counters of the running instances, so that none keeps serving what it
  // changed: in Redis, or announced on PostgreSQL; a lone SQLite instance notices them by itself (src/cache/).
  const generations = config.redis.URL
    ? redisGenerations(config.redis.URL)
    : target.provider === 'postgresql'
      ? await postgresGenerations(target, { listen: false })
      : undefined;
  const database = await openDatabase(target, { onCommit: (written) => generations?.raise(written) });
  const events = createEventBus(config.redis.URL || undefined, { namespace: databaseNamespace(databaseTarget(config)) });
  try {
    if (milestones) {
      const ctx = { db: database.db, config, events, viewer: anonymousViewer };
      const repo = await findRepositoryByName(ctx, milestones.owner, milestones.name);
      if (!repo) throw notFound(`repository ${milestones.owner}/${milestones.name} does not exist`);
      // Whoever runs the CLI has the database itself: it acts with the rights of the repository's owner.
      const asOwner = { ...ctx, viewer: { user: repo.owner, method: 'password', grant: null } satisfies Viewer };
      if (milestones.verb === 'export') {
        console.log(JSON.stringify(await exportMilestones(asOwner, repo.owner.login, repo.name), null, 2));
      } else {
        const made = await importMilestones(asOwner, repo.owner.login, repo.name, readFileSync(milestones.file!, 'utf8'));
        console.log(`imported ${made.length} milestone(s) into ${repo.owner.login}/${repo.name}`);
      }
      return 0;
    }
    if (verb === 'list') {
      const users = await database.db.user.findMany({ where: { type: 'user' }, orderBy: { id: 'asc' } });
      for (const u of users) console.log(`${u.id}\t${u.login}\t${u.email}${u.isAdmin ? '\tadmin' : ''}`);
      return 0;
    }
    const { values } = parseArgs({
      args: rest,
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        email: { type: 'string' },
        admin: { type: 'boolean', default: false },
        'must-change-password': { type: 'boolean', default: false },
      },
      strict: true,
    });
    if (!values.username || !values.password || !values.email) {
      console.error(USAGE);
      return 2;
    }
    const user = await createUser(
      { db: database.db, config, events, viewer: anonymousViewer },
      {
        login: values.username,
        password: values.password,
        email: values.email,
        isAdmin: values.admin,
        mustChangePassword: values['must-change-password'],
      },
      { system: true },
    );
    console.log(`created ${user.isAdmin ? 'site administrator' : 'user'} "${user.login}" (id ${user.id})`);
    return 0;
  } finally {
    await events.close();
    await generations?.close();
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (isDomainError(err) || err instanceof ConfigError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') || (err as { code?: string }).code === 'ENOENT') {
    console.error(`graft: ${(err as Error).message}`);
    process.exitCode = 1;
  } else throw err;
}
