import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { OrganizationConnection, OrganizationRef } from '../org/org.graphql.ts';
import * as admin from './admin.service.ts';

const MemoryUsage = builder.objectRef<admin.SystemStatus['memory']>('MemoryUsage').implement({
  description: "The server process's memory, in bytes.",
  fields: (t) => ({
    rss: t.exposeFloat('rss', { description: 'Resident set size: all the memory the process holds.' }),
    heapUsed: t.exposeFloat('heapUsed'),
    heapTotal: t.exposeFloat('heapTotal'),
  }),
});

const DatabaseStatus = builder.objectRef<admin.SystemStatus['database']>('DatabaseStatus').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'SQLite or PostgreSQL.' }),
    version: t.exposeString('version', { nullable: true, description: "The database's version; null when it cannot be read." }),
  }),
});

const RedisStatus = builder.objectRef<admin.SystemStatus['redis']>('RedisStatus').implement({
  fields: (t) => ({
    configured: t.exposeBoolean('configured', { description: 'Whether redis.URL is set.' }),
    reachable: t.exposeBoolean('reachable', { nullable: true, description: 'Whether its connection is up now; null when not configured.' }),
  }),
});

const SystemCounts = builder.objectRef<admin.SystemStatus['counts']>('SystemCounts').implement({
  fields: (t) => ({
    users: t.exposeInt('users'),
    organizations: t.exposeInt('organizations'),
    repositories: t.exposeInt('repositories'),
  }),
});

const ConfigEntry = builder.objectRef<admin.ConfigSection['entries'][number]>('ConfigEntry').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    value: t.exposeString('value', { description: 'The value as text (lists joined by ", "); secrets and the credentials of URLs masked.' }),
  }),
});

const ConfigSection = builder.objectRef<admin.ConfigSection>('ConfigSection').implement({
  fields: (t) => ({
    section: t.exposeString('section'),
    entries: t.field({ type: [ConfigEntry], resolve: (s) => s.entries }),
  }),
});

const SystemStatus = builder.objectRef<admin.SystemStatus>('SystemStatus').implement({
  fields: (t) => ({
    version: t.exposeString('version', { description: "Graft's version." }),
    uptimeSeconds: t.exposeInt('uptimeSeconds'),
    memory: t.field({ type: MemoryUsage, resolve: (s) => s.memory }),
    database: t.field({ type: DatabaseStatus, resolve: (s) => s.database }),
    redis: t.field({ type: RedisStatus, resolve: (s) => s.redis }),
    gitVersion: t.exposeString('gitVersion', { nullable: true, description: "The installed git's version; null when git cannot be run." }),
    counts: t.field({ type: SystemCounts, resolve: (s) => s.counts }),
    configuration: t.field({
      type: [ConfigSection],
      description: 'The loaded configuration, read-only, by section; secrets masked.',
      resolve: (s) => s.configuration,
    }),
  }),
});

builder.queryFields((t) => ({
  systemStatus: t.field({
    type: SystemStatus,
    description: 'The running server: version, uptime, memory, database, Redis, git, counts and configuration (site admins only; FORBIDDEN otherwise).',
    tokenScope: 'read:admin',
    resolve: (_root, _args, ctx) => admin.systemStatus(ctx),
  }),
  adminOrganizations: t.connection(
    {
      type: OrganizationRef,
      description: 'Every organization, by name, searched by name, full name or e-mail (site admins only; FORBIDDEN otherwise).',
      complexity: connectionComplexity,
      tokenScope: 'read:admin',
      args: { query: t.arg.string() },
      resolve: (_root, { query, ...page }, ctx) => offsetConnection(page, (window) => admin.adminOrganizations(ctx, query, window)),
    },
    OrganizationConnection,
  ),
}));
