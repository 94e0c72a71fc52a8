import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CommentOnPullDocument, type IssueState, MergePullDocument, PullConversationDocument, type PullRequestMergeStyle, SetPullStateDocument, type PullConversationQuery } from '../../../__generated__/pages/repo/pulls/pulls.ts';
import { useViewer } from '../../../app/viewer.tsx';
import { Avatar } from '../../../components/Avatar.tsx';
import { RenderedMarkdown } from '../../../components/Markdown.tsx';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { PullFrame, ReviewComment, usePullNumber } from './parts.tsx';

type Repo = NonNullable<PullConversationQuery['repository']>;
type Pull = NonNullable<Repo['pullRequest']>;
type Review = Pull['reviews']['nodes'][number];
type Row = Pull['issue']['timeline']['nodes'][number];

/** How often the page asks again while the background check of mergeability runs. */
const CHECK_POLL_MS = 1500;

/** A pull request's conversation: its description, timeline (comments, reviews with their line comments), a comment form and the merge box. */
export default function Conversation() {
  const { owner, name } = useRepositoryName();
  const number = usePullNumber();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: PullConversationDocument, variables: { owner, name, number }, pause: Number.isNaN(number) });
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  const status = data?.repository?.pullRequest?.status;
  useEffect(() => {
    if (status !== 'checking') return;
    const timer = setTimeout(() => reexecute({ requestPolicy: 'network-only' }), CHECK_POLL_MS);
    return () => clearTimeout(timer);
  }, [status, data, reexecute]);
  if (Number.isNaN(number)) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const repo = data?.repository;
  const pull = repo?.pullRequest;
  if (!repo || !pull) return <NotFound />;
  return (
    <article aria-labelledby="pull-title" className="pull-page">
      <PullFrame pull={pull} repo={`${owner}/${name}`} />
      <div className="stack">
        <Description pull={pull} />
        <Timeline pull={pull} />
        <MergeBox repo={repo} pull={pull} refresh={refresh} />
        <CommentForm number={number} refresh={refresh} />
      </div>
    </article>
  );
}

function Description({ pull }: { pull: Pull }) {
  return (
    <section className="box" aria-label="Description">
      <header className="row">
        <strong>{pull.issue.poster.login}</strong>
        <span className="muted">
          opened <TimeAgo iso={pull.issue.createdAt} />
        </span>
      </header>
      <div className="body">{pull.issue.bodyHtml ? <RenderedMarkdown html={pull.issue.bodyHtml} /> : <p className="muted">No description.</p>}</div>
    </section>
  );
}

const REVIEW_WORDS: Record<string, string> = { APPROVED: 'approved these changes', REQUEST_CHANGES: 'requested changes', COMMENT: 'reviewed' };
const EVENT_WORDS: Record<string, string> = {
  close: 'closed this pull request',
  reopen: 'reopened this pull request',
  merge_pull: 'merged this pull request',
  pull_push: 'pushed commits',
  review_request: 'asked for a review',
  label: 'changed the labels',
  change_title: 'changed the title',
  assignees: 'changed the assignees',
  milestone: 'changed the milestone',
  dismiss_review: 'dismissed a review',
};

function Timeline({ pull }: { pull: Pull }) {
  const reviews = new Map(pull.reviews.nodes.map((r) => [r.databaseId, r]));
  // Line comments show under their review, with their hunk; the review's own row stands for them.
  const rows = pull.issue.timeline.nodes.filter((row) => row.type !== 'code');
  if (rows.length === 0) return null;
  return (
    <section aria-label="Timeline">
      <ol className="plain timeline">
        {rows.map((row) => (
          <li key={row.databaseId}>
            <TimelineRow row={row} review={reviews.get(row.reviewId)} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function TimelineRow({ row, review }: { row: Row; review?: Review }) {
  if (row.type === 'comment') {
    return (
      <article className="box" aria-label={`Comment by ${row.poster.login}`}>
        <header className="row">
          <Avatar url={row.poster.avatarUrl} login={row.poster.login} size={20} />
          <Link to={`/${row.poster.login}`}>{row.poster.login}</Link>
          <span className="muted">
            commented <TimeAgo iso={row.createdAt} />
          </span>
        </header>
        <div className="body">
          <RenderedMarkdown html={row.bodyHtml} />
        </div>
      </article>
    );
  }
  if (row.type === 'review' && review) {
    return (
      <article className={`box review review-${review.state.toLowerCase()}`} aria-label={`Review by ${row.poster.login}`}>
        <header className="row">
          <Avatar url={row.poster.avatarUrl} login={row.poster.login} size={20} />
          <Link to={`/${row.poster.login}`}>{row.poster.login}</Link>
          <span>{REVIEW_WORDS[review.state] ?? 'reviewed'}</span>
          <span className="muted">
            <TimeAgo iso={row.createdAt} />
          </span>
        </header>
        {(review.bodyHtml || review.comments.length > 0) && (
          <div className="body stack">
            {review.bodyHtml && <RenderedMarkdown html={review.bodyHtml} />}
            {review.comments.map((c) => (
              <ReviewComment key={c.databaseId} comment={c} withHunk />
            ))}
          </div>
        )}
      </article>
    );
  }
  return (
    <p className="timeline-event muted">
      <Link to={`/${row.poster.login}`}>{row.poster.login}</Link> {EVENT_WORDS[row.type] ?? row.type.replaceAll('_', ' ')} <TimeAgo iso={row.createdAt} />
    </p>
  );
}

const STYLE_NAMES: Record<PullRequestMergeStyle, string> = {
  'merge': 'Create merge commit',
  'rebase': 'Rebase and fast-forward',
  'rebase_merge': 'Rebase, then create merge commit',
  'squash': 'Squash and merge',
  'fast_forward_only': 'Fast-forward only',
  'manually_merged': 'Manually merged',
};

/** The merge styles the repository's settings allow, its default first. */
function allowedStyles(repo: Repo): PullRequestMergeStyle[] {
  const styles = [
    repo.allowMergeCommits && 'merge',
    repo.allowRebase && 'rebase',
    repo.allowRebaseExplicit && 'rebase_merge',
    repo.allowSquashMerge && 'squash',
    repo.allowFastForwardOnlyMerge && 'fast_forward_only',
  ].filter((s): s is PullRequestMergeStyle => !!s);
  const preferred = styles.find((s) => s === repo.defaultMergeStyle.replaceAll('-', '_'));
  return preferred ? [preferred, ...styles.filter((s) => s !== preferred)] : styles;
}

function MergeBox({ repo, pull, refresh }: { repo: Repo; pull: Pull; refresh: () => void }) {
  const viewer = useViewer();
  const repository = useRepository();
  const { owner, name } = useRepositoryName();
  const styles = allowedStyles(repo);
  const [style, setStyle] = useState<PullRequestMergeStyle | ''>('');
  const [merge, mergeNow] = useMutation(MergePullDocument);
  const [stateChange, setState] = useMutation(SetPullStateDocument);
  const mayClose = !!viewer && (viewer.login === pull.issue.poster.login || repository.viewerPermissions.push);

  const changeState = async (state: IssueState) => {
    const result = await setState({ owner, name, number: pull.number, state });
    if (!result.error) refresh();
  };

  if (pull.merged) {
    return (
      <section className="box merge-box merge-box-merged" aria-labelledby="merge-title">
        <h3 id="merge-title">Merged</h3>
        <p>
          {pull.mergedBy ? <Link to={`/${pull.mergedBy.login}`}>{pull.mergedBy.login}</Link> : 'Someone'} merged <code>{pull.headBranch}</code> into{' '}
          <code>{pull.baseBranch}</code> {pull.mergedAt && <TimeAgo iso={pull.mergedAt} />}
          {pull.mergeCommitSha && (
            <>
              {' '}
              as <code>{pull.mergeCommitSha.slice(0, 10)}</code>
            </>
          )}
          .
        </p>
      </section>
    );
  }
  if (pull.issue.state === 'closed') {
    return (
      <section className="box merge-box" aria-labelledby="merge-title">
        <h3 id="merge-title">Closed</h3>
        <div className="body stack">
          <p>This pull request was closed without being merged.</p>
          {stateChange.error && <ErrorMessage error={stateChange.error} />}
          {mayClose && (
            <div>
              <button type="button" onClick={() => changeState('open')} disabled={stateChange.fetching}>
                Reopen pull request
              </button>
            </div>
          )}
        </div>
      </section>
    );
  }
  const checking = pull.status === 'checking';
  const clean = pull.status === 'mergeable' || pull.status === 'empty';
  const reasons = [
    ...pull.mergeBlockers,
    ...(pull.status === 'conflict' ? [`it conflicts with ${pull.baseBranch}${pull.conflictedFiles.length ? `: ${pull.conflictedFiles.join(', ')}` : ''}`] : []),
    ...(pull.status === 'error' ? ['the mergeability check failed'] : []),
    ...(styles.length === 0 ? ['the repository allows no merge style'] : []),
  ];
  const chosen = style || styles[0];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    const result = await mergeNow({ owner, name, number: pull.number, input: { style: chosen, headCommitId: pull.headSha } });
    if (!result.error) refresh();
  };
  return (
    <section className="box merge-box" aria-labelledby="merge-title">
      <h3 id="merge-title">Merge</h3>
      <div className="body stack">
        {checking ? (
          <Loading label="Checking whether it merges cleanly" />
        ) : clean ? (
          <p className="success">This branch has no conflicts with {pull.baseBranch}.</p>
        ) : null}
        {reasons.length > 0 && (
          <div id="merge-reasons">
            <p>Merging is blocked:</p>
            <ul>
              {reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </div>
        )}
        {merge.error && <ErrorMessage error={merge.error} />}
        {stateChange.error && <ErrorMessage error={stateChange.error} />}
        {pull.viewerCanMerge && styles.length > 0 && (
          <form className="row" onSubmit={submit}>
            <label className="inline">
              Merge style
              <select value={chosen} onChange={(e) => setStyle(e.target.value as PullRequestMergeStyle)}>
                {styles.map((s) => (
                  <option key={s} value={s}>
                    {STYLE_NAMES[s]}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="submit"
              className="primary"
              disabled={checking || !clean || reasons.length > 0 || merge.fetching}
              aria-describedby={reasons.length > 0 ? 'merge-reasons' : undefined}
            >
              {merge.fetching ? 'Merging…' : 'Merge'}
            </button>
          </form>
        )}
        {viewer && !pull.viewerCanMerge && <p className="muted">You may not merge into {pull.baseBranch}.</p>}
        {mayClose && (
          <div>
            <button type="button" className="danger" onClick={() => changeState('closed')} disabled={stateChange.fetching}>
              Close pull request
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function CommentForm({ number, refresh }: { number: number; refresh: () => void }) {
  const viewer = useViewer();
  const { owner, name } = useRepositoryName();
  const [body, setBody] = useState('');
  const [result, comment] = useMutation(CommentOnPullDocument);
  if (!viewer) {
    return (
      <p className="muted">
        <Link to="/user/login">Sign in</Link> to join the conversation.
      </p>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const done = await comment({ owner, name, number, body });
    if (!done.error) {
      setBody('');
      refresh();
    }
  };
  return (
    <form className="stack" onSubmit={submit} aria-labelledby="comment-title">
      <h3 id="comment-title">Add a comment</h3>
      <label>
        Comment
        <textarea value={body} onChange={(e) => setBody(e.target.value)} required />
      </label>
      {result.error && <ErrorMessage error={result.error} />}
      <div>
        <button type="submit" className="primary" disabled={result.fetching || !body.trim()}>
          Comment
        </button>
      </div>
    </form>
  );
}
