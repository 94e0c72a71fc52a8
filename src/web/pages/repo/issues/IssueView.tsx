import { useCallback, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CommentOnIssueDocument, IssueViewDocument, RemoveIssueReactionDocument, SetIssueStateDocument, ToggleIssueReactionDocument, type IssueViewQuery } from '../../../__generated__/pages/repo/issues/issues.ts';
import { useViewer } from '../../../app/viewer.tsx';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { useRepositoryName } from '../RepoLayout.tsx';
import { IssueSidebar } from './IssueSidebar.tsx';
import { MarkdownEditor } from './MarkdownEditor.tsx';
import { CommentBox, Timeline } from './Timeline.tsx';

type Issue = NonNullable<NonNullable<IssueViewQuery['repository']>['issue']>;

/** /:owner/:repo/issues/:index: an issue, its timeline, a comment form and (for writers) its sidebar editors. */
export default function IssueView() {
  const { owner, name } = useRepositoryName();
  const number = Number(useParams().index);
  const viewer = useViewer();
  const valid = Number.isInteger(number) && number > 0;
  const [{ data, error, fetching }, reexecute] = useQuery({ query: IssueViewDocument, variables: { owner, name, number }, pause: !valid });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  if (!valid) return <NotFound />;
  if (error && !data) return <ErrorMessage error={error} />;
  if (!data) return fetching ? <Loading label="Loading the issue" /> : <NotFound />;
  const issue = data.repository?.issue;
  if (!issue && error) return <ErrorMessage error={error} />;
  // A pull request has its own pages; an issue number that is one is not an issue here.
  if (!issue || issue.isPullRequest) return <NotFound />;
  const canWrite = data.repository!.viewerPermissions.push;
  const mayChangeState = !!viewer && (canWrite || viewer.login === issue.poster.login);
  return (
    <article className="issue-view" aria-labelledby="issue-title">
      <header className="issue-head">
        <h2 id="issue-title">
          {issue.title} <span className="muted">#{issue.number}</span>
        </h2>
        <p className="row">
          <span className={`state-badge ${issue.state}`}>{issue.state === 'open' ? 'Open' : 'Closed'}</span>
          <span className="muted">
            <Link to={`/${issue.poster.login}`}>{issue.poster.login}</Link> opened this <TimeAgo iso={issue.createdAt} /> · {issue.commentCount} comments
          </span>
        </p>
      </header>
      <div className="issue-columns">
        <div className="issue-main stack">
          <CommentBox login={issue.poster.login} avatarUrl={issue.poster.avatarUrl} createdAt={issue.createdAt} html={issue.bodyHtml} />
          <Reactions issue={issue} owner={owner} name={name} signedIn={!!viewer} refresh={refresh} />
          <Timeline first={issue.timeline} owner={owner} name={name} number={issue.number} />
          {viewer ? (
            <CommentForm issue={issue} owner={owner} name={name} mayChangeState={mayChangeState} locked={issue.isLocked && !canWrite} refresh={refresh} />
          ) : (
            <p className="muted">
              <Link to="/user/login">Sign in</Link> to join this conversation.
            </p>
          )}
        </div>
        <IssueSidebar issue={issue} owner={owner} name={name} canWrite={canWrite} refresh={refresh} />
      </div>
    </article>
  );
}

const REACTIONS: [string, string][] = [
  ['+1', '👍'],
  ['-1', '👎'],
  ['laugh', '😄'],
  ['hooray', '🎉'],
  ['confused', '😕'],
  ['heart', '❤️'],
  ['rocket', '🚀'],
  ['eyes', '👀'],
];
const emoji = (content: string) => REACTIONS.find(([c]) => c === content)?.[1] ?? `:${content}:`;

/** The issue's reactions, counted by kind; a signed-in person adds or takes back their own. */
function Reactions({ issue, owner, name, signedIn, refresh }: { issue: Issue; owner: string; name: string; signedIn: boolean; refresh: () => void }) {
  const viewer = useViewer();
  const [added, add] = useMutation(ToggleIssueReactionDocument);
  const [removed, remove] = useMutation(RemoveIssueReactionDocument);
  const groups = new Map<string, string[]>();
  for (const r of issue.reactions.nodes) groups.set(r.content, [...(groups.get(r.content) ?? []), r.user.login]);
  async function toggle(content: string) {
    const mine = groups.get(content)?.includes(viewer?.login ?? '');
    const result = mine ? await remove({ owner, name, number: issue.number, content }) : await add({ owner, name, number: issue.number, content });
    if (!result.error) refresh();
  }
  const error = added.error ?? removed.error;
  if (groups.size === 0 && !signedIn) return null;
  return (
    <div className="reactions row" aria-label="Reactions" role="group">
      {[...groups].map(([content, logins]) =>
        signedIn ? (
          <button key={content} type="button" className="reaction" aria-pressed={logins.includes(viewer?.login ?? '')} title={logins.join(', ')} onClick={() => toggle(content)}>
            <span aria-hidden="true">{emoji(content)}</span> <span className="visually-hidden">{content}</span> {logins.length}
          </button>
        ) : (
          <span key={content} className="reaction" title={logins.join(', ')}>
            <span aria-hidden="true">{emoji(content)}</span> <span className="visually-hidden">{content}</span> {logins.length}
          </span>
        ),
      )}
      {signedIn && (
        <details className="reaction-picker">
          <summary>Add reaction</summary>
          <div className="row">
            {REACTIONS.filter(([c]) => !groups.get(c)?.includes(viewer?.login ?? '')).map(([content, e]) => (
              <button key={content} type="button" aria-label={`React with ${content}`} onClick={() => toggle(content)}>
                {e}
              </button>
            ))}
          </div>
        </details>
      )}
      {error && <ErrorMessage error={error} />}
    </div>
  );
}

interface CommentFormProps {
  issue: Issue;
  owner: string;
  name: string;
  mayChangeState: boolean;
  locked: boolean;
  refresh: () => void;
}

/** A new comment, and the close/reopen button for the poster and writers. */
function CommentForm({ issue, owner, name, mayChangeState, locked, refresh }: CommentFormProps) {
  const [body, setBody] = useState('');
  const [commented, comment] = useMutation(CommentOnIssueDocument);
  const [stated, setState] = useMutation(SetIssueStateDocument);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) return;
    const result = await comment({ owner, name, number: issue.number, body });
    if (!result.error) {
      setBody('');
      refresh();
    }
  }
  async function changeState() {
    // A comment written before closing goes first, as on Gitea's "Close with comment".
    if (body.trim()) {
      const result = await comment({ owner, name, number: issue.number, body });
      if (result.error) return;
      setBody('');
    }
    const result = await setState({ owner, name, number: issue.number, state: issue.state === 'open' ? 'closed' : 'open' });
    if (!result.error) refresh();
  }
  if (locked) return <p className="muted">This conversation is locked: only those with write access comment.</p>;
  const busy = commented.fetching || stated.fetching;
  const stateLabel = issue.state === 'open' ? (body.trim() ? 'Close with comment' : 'Close issue') : body.trim() ? 'Reopen with comment' : 'Reopen issue';
  return (
    <form className="comment-form box" onSubmit={submit} aria-label="Add a comment">
      <div className="body stack">
        <MarkdownEditor label="Comment" value={body} onChange={setBody} context={`/${owner}/${name}`} />
        {commented.error && <ErrorMessage error={commented.error} />}
        {stated.error && <ErrorMessage error={stated.error} />}
        <div className="row end">
          {busy && <Loading label="Saving" />}
          {mayChangeState && (
            <button type="button" onClick={changeState} disabled={busy}>
              {stateLabel}
            </button>
          )}
          <button type="submit" className="primary" disabled={busy || !body.trim()}>
            Comment
          </button>
        </div>
      </div>
    </form>
  );
}
