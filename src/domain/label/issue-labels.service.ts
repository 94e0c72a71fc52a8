import type { Label, User } from '../../db/models.ts';
import type { Tx } from '../../db/client.ts';
import { forbidden, invalid } from '../../errors.ts';
import { transactionWithEvents, type Publish } from '../../events/outbox.ts';
import type { IssueLabelEvent } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';
import { satisfies } from '../access/access.service.ts';
import { ISSUES_READ, issueRepository, loadIssue, signedIn, timeline, type IssueRow } from '../issue/issue.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { exclusiveScope, findLabelsForRepository, findUsableLabel, refuseSharedScopes } from './label.service.ts';
import type { IssueLabelsInput } from './label.inputs.ts';

/**
 * The labels on one issue: add, replace, remove one, clear. Labels are named by id or by name, and may be the
 * repository's or, for a repository of an organization, the organization's; anything else is refused with
 * 422 (VALIDATION), and so is a request naming two labels of one exclusive scope. Adding a label of an
 * exclusive scope takes the issue's older label of that scope off, as Gitea does. Each change needs write
 * access to the issues (to the pull requests, for a pull request): 403 otherwise, 423 on an archived
 * repository; it moves the labels' counters, writes a `label` timeline row per label put on (body "1") or
 * taken off (empty body), all in one transaction, then publishes one `issue_label` event.
 */

interface Labelling {
  actor: User;
  repo: RepositoryWithOwner;
  issue: IssueRow;
}

/** The issue whose labels change, with the caller allowed to change them. */
async function labelledIssue(ctx: ServiceContext, owner: string, name: string, number: number): Promise<Labelling> {
  const actor = signedIn(ctx);
  const { repo, permission } = await issueRepository(ctx, owner, name, ISSUES_READ);
  const issue = await loadIssue(ctx.db, repo.id, number);
  if (!satisfies(permission, { unit: issue.isPull ? 'repo.pulls' : 'repo.issues', level: 'write' })) {
    throw forbidden(`write permission to the ${issue.isPull ? 'pull requests' : 'issues'} of ${repo.owner.login}/${repo.name} is required to change labels`);
  }
  return { actor, repo, issue };
}

/** The labels an input names: its ids and its names (an input naming none names no label). */
const named = (input: IssueLabelsInput): (number | string)[] => [...(input.ids ?? []), ...(input.names ?? [])];

const byName = (a: Label, b: Label) => a.name.localeCompare(b.name) || a.id - b.id;

async function labelsOn(tx: Tx, issueId: number): Promise<Label[]> {
  const rows = await tx.issueLabel.findMany({ where: { issueId }, include: { label: true } });
  return rows.map((row) => row.label).sort(byName);
}

/**
 * Puts `added` on the issue and takes `removed` off, with their counters and timeline rows, in the caller's
 * transaction; then the issue's labels as they are.
 */
async function change(tx: Tx, { actor, issue }: Labelling, added: readonly Label[], removed: readonly Label[]): Promise<Label[]> {
  if (added.length === 0 && removed.length === 0) return labelsOn(tx, issue.id);
  // Read again in the transaction: a close or reopen since the issue was loaded moves which counter counts it.
  const closed = (await tx.issue.findUniqueOrThrow({ where: { id: issue.id }, select: { isClosed: true } })).isClosed ? 1 : 0;
  if (removed.length > 0) {
    const ids = removed.map((l) => l.id);
    await tx.issueLabel.deleteMany({ where: { issueId: issue.id, labelId: { in: ids } } });
    await tx.label.updateMany({ where: { id: { in: ids } }, data: { issueCount: { decrement: 1 }, closedIssueCount: { decrement: closed } } });
  }
  if (added.length > 0) {
    const ids = added.map((l) => l.id);
    await tx.issueLabel.createMany({ data: ids.map((labelId) => ({ issueId: issue.id, labelId })) });
    await tx.label.updateMany({ where: { id: { in: ids } }, data: { issueCount: { increment: 1 }, closedIssueCount: { increment: closed } } });
  }
  await timeline(tx, issue, actor, [
    ...removed.map((l) => ({ type: 'label', labelId: l.id, body: '' })),
    ...added.map((l) => ({ type: 'label', labelId: l.id, body: '1' })),
  ]);
  await tx.issue.update({ where: { id: issue.id }, data: { updatedAt: new Date() } });
  return labelsOn(tx, issue.id);
}

async function announce(publish: Publish, { actor, repo, issue }: Labelling, added: readonly Label[], removed: readonly Label[], cleared = false) {
  if (added.length === 0 && removed.length === 0) return;
  const event: IssueLabelEvent = {
    action: cleared ? 'label_cleared' : 'label_updated',
    actorId: actor.id,
    repoId: repo.id,
    issueId: issue.id,
    number: issue.number,
    added: added.map((l) => l.id),
    removed: removed.map((l) => l.id),
  };
  await publish('issue_label', event);
}

/**
 * Puts the named labels on an issue besides those it has. A label of an exclusive scope takes the issue's
 * other label of that scope off (the newer replaces the older, as in Gitea); naming two of one scope is 422.
 */
export async function addIssueLabels(ctx: ServiceContext, owner: string, name: string, number: number, input: IssueLabelsInput): Promise<Label[]> {
  const target = await labelledIssue(ctx, owner, name, number);
  const labels = await transactionWithEvents(ctx, async (tx, publish) => {
    const wanted = await findLabelsForRepository(ctx, target.repo, named(input), tx);
    refuseSharedScopes(wanted);
    const current = await labelsOn(tx, target.issue.id);
    const added = wanted.filter((label) => !current.some((c) => c.id === label.id));
    const scopes = new Set(added.map(exclusiveScope).filter((scope) => scope !== null));
    const removed = current.filter((label) => !wanted.some((w) => w.id === label.id) && scopes.has(exclusiveScope(label) ?? ''));
    const labels = await change(tx, target, added, removed);
    await announce(publish, target, added, removed);
    return labels;
  });
  return labels;
}

/** Makes the named labels the issue's labels (none: takes every label off); naming two of one exclusive scope is 422. */
export async function replaceIssueLabels(
  ctx: ServiceContext,
  owner: string,
  name: string,
  number: number,
  input: IssueLabelsInput,
  // More events of the caller's, written after the labels' in the same transaction.
  also?: (publish: Publish) => Promise<void>,
): Promise<Label[]> {
  const target = await labelledIssue(ctx, owner, name, number);
  const labels = await transactionWithEvents(ctx, async (tx, publish) => {
    const wanted = await findLabelsForRepository(ctx, target.repo, named(input), tx);
    refuseSharedScopes(wanted);
    const current = await labelsOn(tx, target.issue.id);
    const added = wanted.filter((label) => !current.some((c) => c.id === label.id));
    const removed = current.filter((label) => !wanted.some((w) => w.id === label.id));
    const labels = await change(tx, target, added, removed);
    await announce(publish, target, added, removed);
    if (also) await also(publish);
    return labels;
  });
  return labels;
}

/**
 * Takes one label off an issue. A label the repository may not use (none with that id, or another
 * repository's) is 422, as Gitea answers an unknown label; one the issue does not carry changes nothing.
 */
export async function removeIssueLabel(ctx: ServiceContext, owner: string, name: string, number: number, labelId: number): Promise<void> {
  const target = await labelledIssue(ctx, owner, name, number);
  const label = await findUsableLabel(ctx, target.repo, labelId);
  if (!label) throw invalid(`${target.repo.owner.login}/${target.repo.name} has no label ${labelId}`);
  await transactionWithEvents(ctx, async (tx, publish) => {
    const removed = (await labelsOn(tx, target.issue.id)).filter((l) => l.id === label.id);
    await change(tx, target, [], removed);
    await announce(publish, target, [], removed);
  });
}

/** Takes every label off an issue (Gitea's label_cleared). */
export async function clearIssueLabels(ctx: ServiceContext, owner: string, name: string, number: number): Promise<void> {
  const target = await labelledIssue(ctx, owner, name, number);
  await transactionWithEvents(ctx, async (tx, publish) => {
    const removed = await labelsOn(tx, target.issue.id);
    await change(tx, target, [], removed);
    await announce(publish, target, [], removed, true);
  });
}
