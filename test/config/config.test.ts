import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { defaults } from '../../src/config/defaults.ts';
import { ConfigError, loadConfig, rootUrl } from '../../src/config/load.ts';

describe('configuration', () => {
  it('uses the documented defaults when nothing overrides them', () => {
    const config = loadConfig({ env: {}, file: null });
    assert.equal(config.server.HTTP_PORT, 3000);
    assert.equal(config.security.DISABLE_QUERY_AUTH_TOKEN, false);
    assert.equal(config.api.DEFAULT_PAGING_NUM, 30);
    assert.equal(config.api.MAX_RESPONSE_ITEMS, 50);
    assert.equal(config.server.DATA_DIR, path.resolve('./data'));
    assert.deepEqual(config.ui.REACTIONS, defaults.ui.REACTIONS);
  });

  it('lets the named environment variables override the defaults', () => {
    const config = loadConfig({
      env: { GRAFT_PORT: '4000', GRAFT_DATA_DIR: '/tmp/x', GRAFT_ROOT_URL: 'https://git.example.org', DATABASE_URL: 'postgres://h/db', REDIS_URL: 'redis://h:6379' },
      file: null,
    });
    assert.equal(config.server.HTTP_PORT, 4000);
    assert.equal(config.server.DATA_DIR, '/tmp/x');
    assert.equal(config.database.URL, 'postgres://h/db');
    assert.equal(config.redis.URL, 'redis://h:6379');
    assert.equal(rootUrl(config), 'https://git.example.org/');
  });

  it('lets GRAFT__SECTION__KEY override any key, coerced to the type of its default', () => {
    const config = loadConfig({
      env: {
        GRAFT__security__DISABLE_QUERY_AUTH_TOKEN: 'true',
        GRAFT__API__MAX_RESPONSE_ITEMS: '20',
        GRAFT__ui__REACTIONS: 'heart, rocket',
        GRAFT__repository__HTTP_GIT_DISABLED: '1',
      },
      file: null,
    });
    assert.equal(config.security.DISABLE_QUERY_AUTH_TOKEN, true);
    assert.equal(config.api.MAX_RESPONSE_ITEMS, 20);
    assert.deepEqual(config.ui.REACTIONS, ['heart', 'rocket']);
    assert.equal(config.repository.HTTP_GIT_DISABLED, true);
  });

  it('reads a JSON config file, and the environment wins over it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'graft-config-'));
    const file = path.join(dir, 'graft.config.json');
    writeFileSync(file, JSON.stringify({ api: { DEFAULT_PAGING_NUM: 10 }, server: { HTTP_PORT: 5000 } }));
    const config = loadConfig({ env: { GRAFT_PORT: '6000' }, file });
    assert.equal(config.api.DEFAULT_PAGING_NUM, 10);
    assert.equal(config.server.HTTP_PORT, 6000);
  });

  it('refuses unknown keys and values of the wrong type with a clear error', () => {
    assert.throws(() => loadConfig({ env: { GRAFT__api__NOPE: '1' }, file: null }), ConfigError);
    assert.throws(() => loadConfig({ env: { GRAFT_PORT: 'eighty' }, file: null }), /not a number/);
    assert.throws(() => loadConfig({ env: { GRAFT__security__DISABLE_QUERY_AUTH_TOKEN: 'maybe' }, file: null }), /not a boolean/);
    assert.throws(() => loadConfig({ env: {}, file: '/nonexistent/graft.json' }), /does not exist/);
  });

  it('takes the visibility defaults of new organizations and accounts as public, limited or private only', () => {
    const config = loadConfig({
      env: { GRAFT__service__DEFAULT_ORG_VISIBILITY: 'private', GRAFT__service__DEFAULT_USER_VISIBILITY: 'limited', GRAFT__service__DEFAULT_ORG_MEMBER_VISIBLE: 'true' },
      file: null,
    });
    assert.equal(config.service.DEFAULT_ORG_VISIBILITY, 'private');
    assert.equal(config.service.DEFAULT_USER_VISIBILITY, 'limited');
    assert.equal(config.service.DEFAULT_ORG_MEMBER_VISIBLE, true);
    assert.throws(() => loadConfig({ env: { GRAFT__service__DEFAULT_ORG_VISIBILITY: 'secret' }, file: null }), /"secret" is not one of public, limited, private/);
    assert.throws(() => loadConfig({ env: {}, file: null, overrides: { service: { DEFAULT_USER_VISIBILITY: 'Public' } } }), ConfigError);
  });
});
