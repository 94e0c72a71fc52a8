import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/load.ts';
import { schedulesOf } from '../../src/domain/cron/cron.scheduler.ts';

describe('configuration of cron tasks', () => {
  it("reads Gitea's [cron.<task>] sections from a file and from the environment (a dot written _0X2E_)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graft-cron-config-'));
    const file = path.join(dir, 'graft.config.json');
    writeFileSync(file, JSON.stringify({ 'cron.repo_health_check': { SCHEDULE: '0 30 2 * * *', TIMEOUT: '5m' } }));
    const config = loadConfig({
      file,
      env: { GRAFT__cron_0X2E_git_gc_repos__ENABLED: 'true', GRAFT__cron_0X2E_git_gc_repos__SCHEDULE: '@every 24h', GRAFT__cron_0X2E_delete_inactive_accounts__OLDER_THAN: '72h' },
    });
    assert.equal(config['cron.repo_health_check'].SCHEDULE, '0 30 2 * * *');
    assert.equal(config['cron.repo_health_check'].TIMEOUT, '5m');
    assert.equal(config['cron.git_gc_repos'].ENABLED, true);
    assert.equal(config['cron.git_gc_repos'].SCHEDULE, '@every 24h');
    assert.equal(config['cron.delete_inactive_accounts'].OLDER_THAN, '72h');
    assert.equal(loadConfig({ env: {}, file: null })['cron.delete_inactive_accounts'].ENABLED, false, "Gitea's default");
  });

  it('stops the start with a clear message for a duration or a schedule it cannot read', () => {
    assert.throws(() => loadConfig({ env: { GRAFT__cron_0X2E_archive_cleanup__OLDER_THAN: 'a day' }, file: null }), (err: Error) => err instanceof ConfigError && /cron\.archive_cleanup\.OLDER_THAN/.test(err.message));
    const config = loadConfig({ env: { GRAFT__cron_0X2E_archive_cleanup__SCHEDULE: 'whenever' }, file: null });
    assert.throws(() => schedulesOf(config), (err: Error) => err instanceof ConfigError && /cron\.archive_cleanup\.SCHEDULE/.test(err.message));
    const every = loadConfig({ env: { GRAFT__cron_0X2E_archive_cleanup__SCHEDULE: '@every soon' }, file: null });
    assert.throws(() => schedulesOf(every), ConfigError);
  });

  it('counts @every from the last run, and cron expressions from now', () => {
    const schedules = schedulesOf(loadConfig({ env: { GRAFT__cron_0X2E_archive_cleanup__SCHEDULE: '@every 1h30m' }, file: null }));
    const now = new Date('2026-12-01T10:00:00Z');
    assert.equal(schedules.get('archive_cleanup')!.nextAfter(now, new Date('2026-12-01T09:00:00Z'))!.toISOString(), '2026-12-01T10:30:00.000Z');
    assert.equal(schedules.get('archive_cleanup')!.nextAfter(now, null)!.toISOString(), '2026-12-01T11:30:00.000Z');
    const midnight = schedules.get('repo_health_check')!.nextAfter(now, null)!;
    assert.deepEqual([midnight.getHours(), midnight.getMinutes(), midnight.getSeconds()], [0, 0, 0], '@midnight, in local time as Gitea');
    assert.ok(midnight > now && midnight.getTime() - now.getTime() <= 24 * 3_600_000);
  });
});
