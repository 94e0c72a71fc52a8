import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useServer } from '../../testkit/use-server.ts';

describe('read-only settings endpoints', () => {
  const { api } = useServer({
    api: { DEFAULT_PAGING_NUM: 7, MAX_RESPONSE_ITEMS: 40 },
    repository: { MIRRORS_DISABLED: true, HTTP_GIT_DISABLED: true, MAX_CREATION_LIMIT: 12 },
    attachment: { MAX_FILES: 3, ALLOWED_TYPES: '.png,.txt' },
    ui: { REACTIONS: ['heart', 'eyes'] },
  });

  it('GET /settings/api reports the paging settings in force', async () => {
    const res = await api.get('/settings/api');
    assert.equal(res.status, 200);
    assert.equal(res.body.default_paging_num, 7);
    assert.equal(res.body.max_response_items, 40);
    assert.equal(typeof res.body.default_git_trees_per_page, 'number');
    assert.equal(typeof res.body.default_max_blob_size, 'number');
  });

  it('GET /settings/repository exposes MirrorsDisabled, HTTPGitDisabled and the creation limit', async () => {
    const res = await api.get('/settings/repository');
    assert.equal(res.status, 200);
    assert.equal(res.body.mirrors_disabled, true);
    assert.equal(res.body.http_git_disabled, true);
    assert.equal(res.body.max_creation_limit, 12);
    assert.equal(res.body.default_enable_timetracking, true);
  });

  it('GET /settings/attachment reports the attachment limits', async () => {
    const res = await api.get('/settings/attachment');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { enabled: true, allowed_types: '.png,.txt', max_size: 2048, max_files: 3 });
  });

  it('GET /settings/ui lists the allowed reactions', async () => {
    const res = await api.get('/settings/ui');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.allowed_reactions, ['heart', 'eyes']);
    assert.ok(Array.isArray(res.body.custom_emojis));
  });

  it('settings are read-only: writing to them is 404', async () => {
    assert.equal((await api.request('POST', '/settings/ui', { body: {} })).status, 404);
  });
});
