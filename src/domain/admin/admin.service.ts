import { requireSiteAdmin } from '../../auth/viewer.ts';
import type { Config } from '../../config/defaults.ts';
import type { Prisma, User } from '../../db/models.ts';
import { databaseTarget } from '../../db/provider.ts';
import { gitVersion } from '../../git/version.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { GRAFT_VERSION } from '../../version.ts';
import { accountsPage } from '../user/user.service.ts';

export interface SystemStatus {
  version: string;
  uptimeSeconds: number;
  memory: { rss: number; heapUsed: number; heapTotal: number };
  database: { kind: 'SQLite' | 'PostgreSQL'; version: string | null };
  redis: { configured: boolean; reachable: boolean | null };
  gitVersion: string | null;
  counts: { users: number; organizations: number; repositories: number };
  configuration: ConfigSection[];
}

export interface ConfigSection {
  section: string;
  entries: { name: string; value: string }[];
}

/** What a site administrator sees of the running server; FORBIDDEN for anyone else. */
export async function systemStatus(ctx: ServiceContext): Promise<SystemStatus> {
  requireSiteAdmin(ctx.viewer);
  const memory = process.memoryUsage();
  const kind = databaseTarget(ctx.config).provider === 'postgresql' ? 'PostgreSQL' : 'SQLite';
  const [users, organizations, repositories, dbVersion, git] = await Promise.all([
    ctx.db.user.count({ where: { type: 'user' } }),
    ctx.db.user.count({ where: { type: 'organization' } }),
    ctx.db.repository.count(),
    databaseVersion(ctx, kind),
    gitVersion().catch(() => null),
  ]);
  const configured = !!ctx.config.redis.URL;
  return {
    version: GRAFT_VERSION,
    uptimeSeconds: Math.floor(process.uptime()),
    memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal },
    database: { kind, version: dbVersion },
    redis: { configured, reachable: configured ? (ctx.events.connected?.() ?? false) : null },
    gitVersion: git,
    counts: { users, organizations, repositories },
    configuration: configurationView(ctx.config),
  };
}

/** The database server's version: one cheap statement; null when it cannot be read. */
async function databaseVersion(ctx: ServiceContext, kind: SystemStatus['database']['kind']): Promise<string | null> {
  try {
    const sql = kind === 'SQLite' ? 'SELECT sqlite_version() AS version' : 'SHOW server_version';
    const rows = await ctx.db.$queryRawUnsafe<Record<string, unknown>[]>(sql);
    const value = rows[0] && Object.values(rows[0])[0];
    return value == null ? null : String(value);
  } catch {
    return null;
  }
}

/** Names of settings whose values are secrets: shown masked. */
const SECRET_NAME = /PASS|SECRET|TOKEN|KEY/i;
export const MASK = '******';

/**
 * The loaded configuration as sections of name and text value. A setting whose name looks secret is masked
 * (when set), and the user and password of a URL (DATABASE_URL, REDIS_URL, …) are masked too.
 */
export function configurationView(config: Config): ConfigSection[] {
  return Object.entries(config).map(([section, values]) => ({
    section,
    entries: Object.entries(values as Record<string, unknown>).map(([name, value]) => ({ name, value: shownValue(name, value) })),
  }));
}

function shownValue(name: string, value: unknown): string {
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  if (text === '') return '';
  if (SECRET_NAME.test(name)) return MASK;
  return maskUrlCredentials(text);
}

/** scheme://user:password@host… → scheme://******@host…; anything else as it is. */
function maskUrlCredentials(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/?#\s]+@/i, `$1${MASK}@`);
}

/** Every organization, by name, searched by name, full name or e-mail: for site administrators. */
export function adminOrganizations(ctx: ServiceContext, query: string | null | undefined, window: PageWindow): Promise<Page<User>> {
  requireSiteAdmin(ctx.viewer);
  const q = query?.trim();
  const where: Prisma.UserWhereInput = {
    type: 'organization',
    ...(q ? { OR: [{ lowerLogin: { contains: q.toLowerCase() } }, { fullName: { contains: q } }, { lowerEmail: { contains: q.toLowerCase() } }] } : {}),
  };
  return accountsPage(ctx, where, window);
}
