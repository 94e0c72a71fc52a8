import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HOOK_SERVICES, hookRequest } from '../../../src/domain/webhook/services/index.ts';
import { describe as describeEvent, plain } from '../../../src/domain/webhook/services/messages.ts';

/** Gitea payloads of the events the deliveries carry, trimmed to what the messages read. */
const repository = { full_name: 'alice/tools', html_url: 'https://forge.example.com/alice/tools' };
const sender = { login: 'bob', html_url: 'https://forge.example.com/bob' };
const pull = { number: 4, title: 'Faster build', html_url: `${repository.html_url}/pulls/4`, body: 'It builds in half the time', merged: true };
const commit = { id: '0123456789abcdef', message: 'Fix the build\n\nLonger text', url: `${repository.html_url}/commit/0123456789abcdef`, author: { name: 'Bob' } };

const EVENTS: [eventType: string, event: string, payload: Record<string, unknown>, text: string][] = [
  ['push', 'push', { ref: 'refs/heads/main', commits: [commit], total_commits: 1, compare_url: `${repository.html_url}/compare/a...b`, pusher: sender, sender, repository }, 'bob pushed 1 commit to alice/tools:main'],
  ['create', 'create', { ref: 'v1.0', ref_type: 'tag', sender, repository }, 'bob created tag v1.0 in alice/tools'],
  ['delete', 'delete', { ref: 'topic', ref_type: 'branch', sender, repository }, 'bob deleted branch topic in alice/tools'],
  ['fork', 'fork', { forkee: repository, repository: { full_name: 'bob/tools', html_url: 'https://forge.example.com/bob/tools' }, sender }, 'bob/tools is a new fork of alice/tools'],
  ['issues', 'issues', { action: 'closed', issue: { number: 3, title: 'Crash', html_url: `${repository.html_url}/issues/3` }, sender, repository }, 'bob closed issue #3 Crash in alice/tools'],
  ['issue_assign', 'issues', { action: 'assigned', issue: { number: 3, title: 'Crash', assignees: [{ login: 'carol' }] }, sender, repository }, 'bob assigned issue #3 Crash in alice/tools to carol'],
  ['issue_comment', 'issue_comment', { action: 'created', issue: { number: 3, title: 'Crash' }, comment: { body: 'Seen it too', html_url: 'c' }, sender, repository }, 'bob commented on issue #3 Crash in alice/tools'],
  ['pull_request_comment', 'issue_comment', { action: 'created', is_pull: true, issue: { number: 4, title: 'Faster build' }, comment: { body: 'Nice' }, sender, repository }, 'bob commented on pull request #4 Faster build in alice/tools'],
  ['pull_request', 'pull_request', { action: 'closed', pull_request: pull, sender, repository }, 'bob merged pull request #4 Faster build in alice/tools'],
  ['pull_request_sync', 'pull_request', { action: 'synchronized', pull_request: { ...pull, merged: false }, sender, repository }, 'bob pushed to pull request #4 Faster build in alice/tools'],
  ['pull_request_review_approved', 'pull_request_approved', { action: 'reviewed', pull_request: pull, review: { content: 'LGTM' }, sender, repository }, 'bob approved pull request #4 Faster build in alice/tools'],
  ['pull_request_review_rejected', 'pull_request_rejected', { action: 'reviewed', pull_request: pull, review: { content: 'No' }, sender, repository }, 'bob asked for changes to pull request #4 Faster build in alice/tools'],
  ['repository', 'repository', { action: 'created', sender, repository }, 'bob created repository alice/tools'],
  ['release', 'release', { action: 'published', release: { tag_name: 'v1.0' }, sender, repository }, 'bob published release v1.0 of alice/tools'],
  ['wiki', 'wiki', { action: 'edited', page: 'Home', comment: 'typo', sender, repository }, 'bob edited wiki page Home of alice/tools (typo)'],
  ['status', 'status', { sha: '0123456789abcdef', state: 'failure', context: 'ci/build', sender, repository }, 'Commit 0123456 of alice/tools: ci/build is failure'],
  ['package', 'package', { action: 'created', package: { name: 'tools', version: '1.0.0' }, sender, repository }, 'bob published package tools 1.0.0'],
];

const hookOf = (type: string) => ({ type, url: 'https://chat.example.com/in', httpMethod: 'POST', contentType: 'json', meta: JSON.stringify({ channel: 'dev', room_id: '!r:example.org', package_url: 'https://p' }) });

describe('what the chat services say about each event', () => {
  it("says who did what where for every event the payloads carry, in our words", () => {
    for (const [eventType, event, payload, text] of EVENTS) assert.equal(describeEvent(eventType, event, payload, plain)?.text, text, eventType);
  });

  it('sends every event to every chat service, and only pushes to packagist', () => {
    for (const type of Object.keys(HOOK_SERVICES)) {
      for (const [eventType, event, payload] of EVENTS) {
        const made = hookRequest(hookOf(type), { event, eventType, payload: JSON.stringify(payload) });
        if (type === 'packagist' && eventType !== 'push') assert.equal(made, null, `${type} ${eventType}`);
        else assert.ok(made && JSON.parse(made.body), `${type} ${eventType}`);
      }
    }
  });

  it('skips, as Gitea does, a push without commits and the events no service has a message for', () => {
    for (const type of Object.keys(HOOK_SERVICES)) {
      const hook = hookOf(type);
      assert.equal(hookRequest(hook, { event: 'push', eventType: 'push', payload: JSON.stringify({ ref: 'refs/tags/v1', commits: [], repository }) }), null, type);
      assert.equal(hookRequest(hook, { event: 'workflow_run', eventType: 'workflow_run', payload: '{}' }), null, type);
      assert.equal(hookRequest(hook, { event: 'repository', eventType: 'repository', payload: JSON.stringify({ action: 'archived', repository }) }), null, type);
    }
    // gitea and gogs send what they are given.
    assert.ok(hookRequest(hookOf('gitea'), { event: 'push', eventType: 'push', payload: '{"commits":[]}' }));
  });
});
