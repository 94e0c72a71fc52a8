import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  chooseEvents,
  DELIVERY_EVENT_TYPES,
  eventsArray,
  hasEvent,
  headerEvent,
  parseSelection,
  selectionOf,
  storeSelection,
} from '../../../src/domain/webhook/webhook.rules.ts';

const ISSUE_EVENTS = ['issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'];
const PULL_EVENTS = [
  'pull_request', 'pull_request_assign', 'pull_request_label', 'pull_request_milestone', 'pull_request_comment',
  'pull_request_review', 'pull_request_sync', 'pull_request_review_request',
];

describe("which events a hook chooses, as Gitea's API maps them (routers/api/v1/utils/hook.go)", () => {
  it('chooses push only when no event is named', () => {
    assert.deepEqual(chooseEvents([]), { mode: 'choose_events', chosen: ['push'] });
    assert.deepEqual(chooseEvents(null), { mode: 'choose_events', chosen: ['push'] });
  });

  it('chooses every issue event for "issues" and only the issues event for "issues_only"', () => {
    assert.deepEqual(chooseEvents(['issues']).chosen, ISSUE_EVENTS);
    assert.deepEqual(chooseEvents(['issues_only']).chosen, ['issues']);
    assert.deepEqual(chooseEvents(['issue_label']).chosen, ['issue_label']);
  });

  it('chooses every pull request event for "pull_request" and only the pull_request event for "pull_request_only"', () => {
    assert.deepEqual(chooseEvents(['pull_request']).chosen, PULL_EVENTS);
    assert.deepEqual(chooseEvents(['pull_request_only']).chosen, ['pull_request']);
    assert.deepEqual(chooseEvents(['pull_request_review']).chosen, ['pull_request_review']);
  });

  it("keeps Gitea's order, compares names without case and ignores names Gitea does not know", () => {
    assert.deepEqual(chooseEvents(['Status', 'push', 'unknown', 'CREATE']).chosen, ['create', 'push', 'status']);
  });

  it('keeps the events Graft has no source for yet (wiki, release, package, workflow_run, workflow_job)', () => {
    assert.deepEqual(chooseEvents(['workflow_job', 'wiki', 'release', 'package', 'workflow_run']).chosen, ['wiki', 'release', 'package', 'workflow_run', 'workflow_job']);
  });

  it("answers Gitea's events list: every delivery type for send_everything, push for push_only, the chosen ones otherwise", () => {
    assert.deepEqual(eventsArray(selectionOf('send_everything', ['issues'])), [...DELIVERY_EVENT_TYPES]);
    assert.ok(eventsArray(selectionOf('send_everything', [])).includes('pull_request_review_approved'));
    assert.deepEqual(eventsArray(selectionOf('push_only', ['issues'])), ['push']);
    assert.deepEqual(eventsArray(selectionOf('choose_events', ['issues', 'fork'])), ['fork', ...ISSUE_EVENTS]);
  });

  it('delivers the three review events to a hook that chose pull_request_review, and nothing but pushes to push_only', () => {
    const reviews = chooseEvents(['pull_request_review']);
    for (const type of ['pull_request_review_approved', 'pull_request_review_rejected', 'pull_request_review_comment'] as const) assert.equal(hasEvent(reviews, type), true);
    assert.equal(hasEvent(reviews, 'pull_request_review_request'), false);
    assert.equal(hasEvent(reviews, 'pull_request'), false);
    assert.equal(hasEvent(selectionOf('push_only', []), 'push'), true);
    assert.equal(hasEvent(selectionOf('push_only', []), 'create'), false);
    assert.ok(DELIVERY_EVENT_TYPES.every((type) => hasEvent(selectionOf('send_everything', []), type)));
    assert.equal(hasEvent(chooseEvents(['issues_only']), 'issue_comment'), false);
  });

  it("names each delivery's X-Gitea-Event as Gitea does (HookEventType.Event)", () => {
    assert.equal(headerEvent('issue_assign'), 'issues');
    assert.equal(headerEvent('pull_request_label'), 'pull_request');
    assert.equal(headerEvent('pull_request_sync'), 'pull_request');
    assert.equal(headerEvent('pull_request_review_request'), 'pull_request');
    assert.equal(headerEvent('pull_request_comment'), 'issue_comment');
    assert.equal(headerEvent('pull_request_review_approved'), 'pull_request_approved');
    assert.equal(headerEvent('pull_request_review_rejected'), 'pull_request_rejected');
    assert.equal(headerEvent('pull_request_review_comment'), 'pull_request_comment');
    assert.equal(headerEvent('fork'), 'fork');
    assert.equal(headerEvent('status'), 'status');
  });

  it('reads a stored selection back, and a bare array stored before modes as the chosen events', () => {
    const selection = chooseEvents(['issues', 'push']);
    assert.deepEqual(parseSelection(storeSelection(selection)), selection);
    assert.deepEqual(parseSelection(storeSelection(selectionOf('send_everything', []))), { mode: 'send_everything', chosen: [] });
    assert.deepEqual(parseSelection('["push","issues"]'), { mode: 'choose_events', chosen: ['push', 'issues'] });
  });
});
