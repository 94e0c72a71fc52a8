import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { SEMVER } from '../version.ts';
import { defaults, type Config } from './defaults.ts';

/** Short environment names for the settings operators touch most. */
const NAMED_ENV: Record<string, [keyof Config, string]> = {
  GRAFT_PORT: ['server', 'HTTP_PORT'],
  GRAFT_ADDR: ['server', 'HTTP_ADDR'],
  GRAFT_DATA_DIR: ['server', 'DATA_DIR'],
  GRAFT_ROOT_URL: ['server', 'ROOT_URL'],
  DATABASE_URL: ['database', 'URL'],
  REDIS_URL: ['redis', 'URL'],
  GRAFT_ADMIN_USERNAME: ['admin', 'USERNAME'],
  GRAFT_ADMIN_PASSWORD: ['admin', 'PASSWORD'],
  GRAFT_ADMIN_EMAIL: ['admin', 'EMAIL'],
  GRAFT_LOG_LEVEL: ['log', 'LEVEL'],
};

/**
 * Generic override for any key: GRAFT__SECTION__KEY (section case-insensitive). A dot in a section's name is
 * written _0X2E_ as in Gitea's environment-to-ini (GRAFT__ui_0X2E_notification__MIN_TIMEOUT).
 */
// Words of a section are joined by single underscores (cron_0X2E_git_gc_repos); "__" ends the section.
const GENERIC_ENV = /^GRAFT__([A-Za-z]+(?:_[A-Za-z0-9]+)*)__([A-Za-z0-9_]+)$/;
const ENV_DOT = /_0x2e_/gi;

export class ConfigError extends Error {}

export type ConfigOverrides = { [S in keyof Config]?: Partial<Config[S]> };

export interface LoadOptions {
  env?: NodeJS.ProcessEnv;
  /** Path of the JSON config file; default GRAFT_CONFIG or ./graft.config.json when present; null: none. */
  file?: string | null;
  /** Applied last; tests use it to configure an instance without touching the environment. */
  overrides?: ConfigOverrides;
}

export function loadConfig(options: LoadOptions = {}): Config {
  const env = options.env ?? process.env;
  const config: Config = structuredClone(defaults);

  const file = options.file === null ? undefined : (options.file ?? env.GRAFT_CONFIG ?? 'graft.config.json');
  if (file && existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new ConfigError(`config file ${file} is not valid JSON: ${(err as Error).message}`);
    }
    for (const [section, values] of Object.entries(parsed as Record<string, Record<string, unknown>>)) {
      for (const [key, value] of Object.entries(values ?? {})) assign(config, section, key, value, file);
    }
  } else if (file && (options.file || env.GRAFT_CONFIG)) {
    throw new ConfigError(`config file ${file} does not exist`);
  }

  for (const [name, raw] of Object.entries(env)) {
    if (raw === undefined) continue;
    const generic = GENERIC_ENV.exec(name);
    if (generic) assign(config, generic[1].replace(ENV_DOT, '.'), generic[2], raw, name);
    else if (NAMED_ENV[name]) assign(config, NAMED_ENV[name][0], NAMED_ENV[name][1], raw, name);
  }

  for (const [section, values] of Object.entries(options.overrides ?? {})) {
    for (const [key, value] of Object.entries(values ?? {})) assign(config, section, key, value, 'overrides');
  }
  config.server.DATA_DIR = path.resolve(config.server.DATA_DIR);
  checkSigningRules(config);
  checkMailer(config);
  checkDurations(config);
  if (config.api.GITEA_VERSION && !SEMVER.test(config.api.GITEA_VERSION)) {
    throw new ConfigError(`api.GITEA_VERSION: "${config.api.GITEA_VERSION}" is not a semantic version such as 1.28.0`);
  }
  return config;
}

/** Settings that take one of a few values; anything else stops the start. */
const VISIBILITIES = ['public', 'limited', 'private'];
const CHOICES: Record<string, string[]> = {
  'service.DEFAULT_ORG_VISIBILITY': VISIBILITIES,
  'service.DEFAULT_USER_VISIBILITY': VISIBILITIES,
  'repository.SIGNING_FORMAT': ['openpgp', 'ssh'],
  'mailer.PROTOCOL': ['', 'smtp', 'smtps', 'smtp+starttls', 'dummy'],
};

/** A Go-style duration of Gitea's settings: 10s, 1m30s, 500ms, 1h. */
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h))+$/;
const DURATION_PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds of a duration setting (checked at start). */
export function durationMs(value: string): number {
  let total = 0;
  for (const [, n, unit] of value.matchAll(DURATION_PART)) total += Number(n) * UNIT_MS[unit];
  return total;
}

function checkDurations(config: Config) {
  for (const [key, value] of Object.entries(config['ui.notification'])) {
    if (!DURATION.test(value)) throw new ConfigError(`ui.notification.${key}: "${value}" is not a duration such as 10s or 1m`);
  }
  for (const [section, values] of Object.entries(config)) {
    if (!section.startsWith('cron.')) continue;
    for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
      if ((key === 'OLDER_THAN' || key === 'TIMEOUT') && !DURATION.test(String(value))) {
        throw new ConfigError(`${section}.${key}: "${String(value)}" is not a duration such as 24h or 60s`);
      }
    }
  }
}

/** An enabled mailer needs somewhere to send (except dummy) and a sender address, as Gitea requires. */
function checkMailer(config: Config) {
  const mailer = config.mailer;
  if (!mailer.ENABLED) return;
  if (!/\S+@\S+/.test(mailer.FROM)) throw new ConfigError(`mailer.FROM: "${mailer.FROM}" is not an e-mail address (needed when mailer.ENABLED)`);
  if (mailer.PROTOCOL !== 'dummy' && !mailer.SMTP_ADDR) throw new ConfigError('mailer.SMTP_ADDR: empty (needed when mailer.ENABLED, unless PROTOCOL is dummy)');
  if (!Number.isInteger(mailer.SMTP_PORT) || mailer.SMTP_PORT < 0 || mailer.SMTP_PORT > 65535) throw new ConfigError(`mailer.SMTP_PORT: ${mailer.SMTP_PORT} is not a port`);
}

/** The rules of each [repository.signing] list Graft follows (Gitea's names); another name stops the start. */
export const SIGNING_RULES = {
  SIGNING_INITIAL_COMMIT: ['never', 'always', 'pubkey', 'twofa'],
  SIGNING_CRUD_ACTIONS: ['never', 'always', 'pubkey', 'twofa', 'parentsigned'],
  SIGNING_MERGES: ['never', 'always', 'pubkey', 'twofa', 'approved', 'basesigned', 'headsigned', 'commitssigned'],
} as const;

function checkSigningRules(config: Config) {
  for (const [key, known] of Object.entries(SIGNING_RULES) as [keyof typeof SIGNING_RULES, readonly string[]][]) {
    const rules = config.repository[key].map((rule) => rule.trim().toLowerCase());
    const unknown = rules.find((rule) => !known.includes(rule));
    if (unknown !== undefined) throw new ConfigError(`repository.${key}: "${unknown}" is not one of ${known.join(', ')}`);
    config.repository[key] = rules;
  }
}

/** Sets one key, coercing strings from the environment to the type of the default. */
function assign(config: Config, sectionName: string, keyName: string, value: unknown, origin: string) {
  const section = (Object.keys(config) as (keyof Config)[]).find((s) => s.toLowerCase() === sectionName.toLowerCase());
  if (!section) throw new ConfigError(`${origin}: unknown config section "${sectionName}"`);
  const target = config[section] as Record<string, unknown>;
  const key = Object.keys(target).find((k) => k.toLowerCase() === keyName.toLowerCase());
  if (!key) throw new ConfigError(`${origin}: unknown config key "${sectionName}.${keyName}"`);
  const where = `${origin} (${section}.${key})`;
  target[key] = coerce(target[key], value, where);
  const choices = CHOICES[`${section}.${key}`];
  if (choices && !choices.includes(target[key] as string)) {
    throw new ConfigError(`${where}: "${target[key]}" is not one of ${choices.join(', ')}`);
  }
}

function coerce(current: unknown, value: unknown, where: string): unknown {
  if (typeof value !== 'string') {
    if (typeof value !== typeof current || Array.isArray(value) !== Array.isArray(current)) {
      throw new ConfigError(`${where}: expected ${Array.isArray(current) ? 'array' : typeof current}`);
    }
    return value;
  }
  if (typeof current === 'number') {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) throw new ConfigError(`${where}: "${value}" is not a number`);
    return n;
  }
  if (typeof current === 'boolean') {
    if (/^(true|1|yes|on)$/i.test(value)) return true;
    if (/^(false|0|no|off)$/i.test(value)) return false;
    throw new ConfigError(`${where}: "${value}" is not a boolean`);
  }
  if (Array.isArray(current)) return value.split(',').map((s) => s.trim()).filter(Boolean);
  return value;
}

/** The public base URL, always ending with a slash. */
export function rootUrl(config: Config, boundPort?: number): string {
  if (config.server.ROOT_URL) return config.server.ROOT_URL.replace(/\/?$/, '/');
  return `http://${config.server.HTTP_ADDR}:${boundPort ?? config.server.HTTP_PORT}/`;
}
