import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { PayloadBuilder, PayloadRequest } from '../src/domain/webhook/webhook.rules.ts';
import type { EditChanges } from '../src/events/topics.ts';
import {
  HookCommentPayloadDocument,
  HookForkPayloadDocument,
  HookIssuePayloadDocument,
  HookPullPayloadDocument,
  HookPushPayloadDocument,
  HookReleasePayloadDocument,
  HookRefPayloadDocument,
  HookStatusPayloadDocument,
  HookTestPayloadDocument,
} from './__generated__/graphql.ts';
import { toComment } from './convert/comment.ts';
import { toPayloadCommit } from './convert/commit.ts';
import { toPullRequest } from './convert/pull-request.ts';
import { toRelease } from './convert/release.ts';
import { restTime } from './convert/time.ts';
import { toIssue } from './convert/issue.ts';
import { toRepository } from './convert/repository.ts';
import { toUser, type RestUser } from './convert/user.ts';
import { documentRunner } from './execute.ts';

/**
 * Gitea's webhook payloads (modules/structs/hook.go), built with the REST converters from documents run as the
 * event's sender: the same shapes the API answers. The app (src/app.ts) hands this builder to the deliveries'
 * follower (src/domain/webhook/delivery.ts).
 */
export function webhookPayloads(schema: GraphQLSchema, contextFor: (senderId: number | null) => Promise<unknown>): PayloadBuilder {
  const runners = new Map<DocumentNode, ReturnType<typeof documentRunner>>();
  async function run<T, V extends Record<string, unknown>>(document: TypedDocumentNode<T, V>, variables: V, senderId: number | null): Promise<T | null> {
    const doc = document as DocumentNode;
    let runner = runners.get(doc);
    if (!runner) runners.set(doc, (runner = documentRunner(schema, doc)));
    const result = await runner(variables, await contextFor(senderId));
    if (result.errors?.length) throw new Error(result.errors.map((e) => e.message).join('; '));
    return (result.data as T) ?? null;
  }
  const ZERO = /^0*$/;
  /** Gitea's `changes` of an edit: the one field's value before (`{"title": {"from": …}}`); absent otherwise. */
  const changesOf = (changes: EditChanges | undefined) =>
    changes ? { changes: Object.fromEntries(Object.entries(changes).map(([field, from]) => [field, { from }])) } : {};
  const emptyUser = (): RestUser | Record<string, never> => ({});

  return async (req: PayloadRequest) => {
    switch (req.kind) {
      case 'push': {
        if (req.before === '' && req.after === '') return testPush(req);
        const data = await run(
          HookPushPayloadDocument,
          { repoId: req.repoId, after: req.after, not: ZERO.test(req.before) ? null : req.before, first: req.commits },
          req.senderId,
        );
        const repo = data?.repositoryById;
        if (!repo) return null;
        const sender = data.viewer ? toUser(data.viewer) : emptyUser();
        const commits = repo.commits.nodes.map((c) => toPayloadCommit(c, repo));
        return {
          ref: req.ref,
          before: req.before,
          after: req.after,
          compare_url: ZERO.test(req.before) ? '' : `${repo.htmlUrl}/compare/${req.before}...${req.after}`,
          commits,
          total_commits: repo.commits.totalCount,
          head_commit: commits[0] ?? null,
          repository: toRepository(repo),
          pusher: sender,
          sender,
        };
      }
      case 'create':
      case 'delete': {
        const data = await run(HookRefPayloadDocument, { repoId: req.repoId }, req.senderId);
        if (!data?.repositoryById) return null;
        const sender = data.viewer ? toUser(data.viewer) : emptyUser();
        const repository = toRepository(data.repositoryById);
        return req.kind === 'create'
          ? { sha: req.sha, ref: req.ref, ref_type: req.refType, repository, sender }
          : { ref: req.ref, ref_type: req.refType, pusher_type: 'user', repository, sender };
      }
      case 'issues': {
        const data = await run(HookIssuePayloadDocument, { repoId: req.repoId, number: req.number }, req.senderId);
        const repo = data?.repositoryById;
        if (!repo?.issue) return null;
        return {
          action: req.action,
          number: req.number,
          ...changesOf(req.changes),
          issue: toIssue(repo.issue),
          repository: toRepository(repo),
          sender: data!.viewer ? toUser(data!.viewer) : emptyUser(),
          commit_id: '',
        };
      }
      case 'issue_comment': {
        const data = await run(
          HookCommentPayloadDocument,
          { repoId: req.repoId, number: req.number, commentId: req.commentId },
          req.senderId,
        );
        const repo = data?.repositoryById;
        if (!repo?.issue || !repo.issueComment) return null;
        return {
          action: req.action,
          issue: toIssue(repo.issue),
          comment: toComment(repo.issueComment),
          ...(req.previousBody !== undefined ? { changes: { body: { from: req.previousBody } } } : {}),
          repository: toRepository(repo),
          sender: data!.viewer ? toUser(data!.viewer) : emptyUser(),
          is_pull: repo.issue.isPullRequest,
        };
      }
      case 'pull_request': {
        const data = await run(
          HookPullPayloadDocument,
          {
            repoId: req.repoId,
            number: req.number,
            reviewId: req.review?.reviewId ?? 0,
            withReview: req.review !== undefined,
            reviewer: req.reviewer ?? '',
            withReviewer: req.reviewer !== undefined,
          },
          req.senderId,
        );
        const repo = data?.repositoryById;
        if (!repo?.pullRequest) return null;
        return {
          action: req.action,
          number: req.number,
          ...changesOf(req.changes),
          pull_request: toPullRequest(repo.pullRequest),
          requested_reviewer: data!.requestedReviewer ? toUser(data!.requestedReviewer) : null,
          repository: toRepository(repo),
          sender: data!.viewer ? toUser(data!.viewer) : emptyUser(),
          commit_id: '',
          review: req.review ? { type: req.review.type, content: repo.pullRequest.review?.body ?? '' } : null,
        };
      }
      case 'fork': {
        const data = await run(HookForkPayloadDocument, { repoId: req.repoId, forkId: req.forkId }, req.senderId);
        if (!data?.forkee || !data.fork) return null;
        return { forkee: toRepository(data.forkee), repository: toRepository(data.fork), sender: data.viewer ? toUser(data.viewer) : emptyUser() };
      }
      case 'repository': {
        const data = await run(HookRefPayloadDocument, { repoId: req.repoId }, req.senderId);
        if (!data?.repositoryById) return null;
        const repository = toRepository(data.repositoryById);
        return { action: req.action, repository, organization: repository.owner, sender: data.viewer ? toUser(data.viewer) : emptyUser() };
      }
      case 'wiki': {
        const data = await run(HookRefPayloadDocument, { repoId: req.repoId }, req.senderId);
        if (!data?.repositoryById) return null;
        return {
          action: req.action,
          repository: toRepository(data.repositoryById),
          sender: data.viewer ? toUser(data.viewer) : emptyUser(),
          page: req.page,
          comment: req.comment,
        };
      }
      case 'release': {
        const data = await run(HookReleasePayloadDocument, { repoId: req.repoId, releaseId: req.releaseId }, req.senderId);
        const repo = data?.repositoryById;
        if (!repo?.release) return null;
        return { action: req.action, release: toRelease(repo.release, repo), repository: toRepository(repo), sender: data!.viewer ? toUser(data!.viewer) : emptyUser() };
      }
      case 'status': {
        const data = await run(HookStatusPayloadDocument, { repoId: req.repoId, sha: req.sha }, req.senderId);
        const repo = data?.repositoryById;
        if (!repo) return null;
        const latest = repo.commitStatuses.nodes[0];
        return {
          commit: repo.commit ? toPayloadCommit(repo.commit, repo) : null,
          context: req.context,
          created_at: restTime(latest?.createdAt ?? new Date().toISOString()),
          description: req.description,
          id: req.statusId,
          repository: toRepository(repo),
          sender: data!.viewer ? toUser(data!.viewer) : emptyUser(),
          sha: req.sha,
          state: req.state,
          target_url: req.targetUrl,
          updated_at: latest ? restTime(latest.updatedAt) : null,
        };
      }
    }
  };

  /** Gitea's test delivery: a push of the last commit of the ref, before and after both that commit. */
  async function testPush(req: Extract<PayloadRequest, { kind: 'push' }>) {
    const data = await run(HookTestPayloadDocument, { repoId: req.repoId, rev: req.ref }, req.senderId);
    const repo = data?.repositoryById;
    if (!repo?.commit) return null;
    const commit = toPayloadCommit(repo.commit, repo);
    const sender = data!.viewer ? toUser(data!.viewer) : emptyUser();
    return {
      ref: req.ref.startsWith('refs/') ? req.ref : `refs/heads/${req.ref}`,
      before: commit.id,
      after: commit.id,
      compare_url: '',
      commits: [commit],
      total_commits: 1,
      head_commit: commit,
      repository: toRepository(repo),
      pusher: sender,
      sender,
    };
  }
}
