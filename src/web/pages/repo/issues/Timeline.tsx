import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useClient } from 'urql';
import { IssueTimelineMoreDocument, type TimelinePageFragment, type TimelineRowFragment } from '../../../__generated__/pages/repo/issues/issues.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { RenderedMarkdown } from '../../../components/Markdown.tsx';
import { ErrorMessage, Loading } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { LabelChip } from './LabelChip.tsx';

/** What an event did, in words; null for kinds this page does not describe. */
function eventText(row: TimelineRowFragment): ReactNode {
  switch (row.type) {
    case 'close':
      return 'closed this';
    case 'reopen':
      return 'reopened this';
    case 'label':
      return row.label ? (
        <>
          {row.body === '1' ? 'added' : 'removed'} the <LabelChip label={row.label} /> label
        </>
      ) : null;
    case 'milestone':
      if (row.milestone && row.oldMilestone) return `moved this from milestone ${row.oldMilestone.title} to ${row.milestone.title}`;
      if (row.milestone) return `added this to the ${row.milestone.title} milestone`;
      if (row.oldMilestone) return `removed this from the ${row.oldMilestone.title} milestone`;
      return 'changed the milestone';
    case 'assignees':
      if (!row.assignee) return null;
      if (row.assignee.login === row.poster.login) return row.removedAssignee ? 'unassigned themselves' : 'self-assigned this';
      return (
        <>
          {row.removedAssignee ? 'unassigned' : 'assigned'} <Link to={`/${row.assignee.login}`}>{row.assignee.login}</Link>
        </>
      );
    case 'change_title':
      return (
        <>
          changed the title from <del>{row.oldTitle}</del> to <ins>{row.newTitle}</ins>
        </>
      );
    case 'issue_ref':
    case 'comment_ref':
    case 'pull_ref':
      return row.refIssue ? (
        <>
          referenced this from{' '}
          <Link to={`/${row.refIssue.repository.fullName}/${row.refIssue.isPullRequest ? 'pulls' : 'issues'}/${row.refIssue.number}`}>
            {row.refIssue.title} #{row.refIssue.number}
          </Link>
        </>
      ) : null;
    case 'commit_ref':
      return row.refCommitSha ? (
        <>
          referenced this in commit <code>{row.refCommitSha.slice(0, 10)}</code>
        </>
      ) : null;
    case 'lock':
      return 'locked this conversation';
    case 'unlock':
      return 'unlocked this conversation';
    case 'pin':
      return 'pinned this';
    case 'unpin':
      return 'unpinned this';
    default:
      return null;
  }
}

/** A comment: its author, time and rendered text. */
export function CommentBox({ login, avatarUrl, createdAt, html, id }: { login: string; avatarUrl: string; createdAt: string; html: string; id?: string }) {
  return (
    <article className="box comment" id={id} aria-label={`Comment by ${login}`}>
      <header className="row">
        <Avatar url={avatarUrl} login={login} />
        <Link to={`/${login}`}>
          <strong>{login}</strong>
        </Link>
        <span className="muted">
          commented <TimeAgo iso={createdAt} />
        </span>
      </header>
      <div className="body">{html ? <RenderedMarkdown html={html} /> : <p className="muted">No description provided.</p>}</div>
    </article>
  );
}

/** The issue's comments and events, oldest first: the first page, then later ones on demand. */
export function Timeline({ first, owner, name, number }: { first: TimelinePageFragment; owner: string; name: string; number: number }) {
  const client = useClient();
  const [later, setLater] = useState<TimelinePageFragment[]>([]);
  const [state, setState] = useState<{ loading?: boolean; error?: string }>({});
  const last = later.at(-1) ?? first;
  const seen = new Set<number>();
  const rows = [first, ...later].flatMap((p) => p.nodes).filter((r) => !seen.has(r.databaseId) && seen.add(r.databaseId));
  async function more() {
    setState({ loading: true });
    const result = await client.query(IssueTimelineMoreDocument, { owner, name, number, after: last.pageInfo.endCursor ?? '' }, { requestPolicy: 'network-only' }).toPromise();
    const page = result.data?.repository?.issue?.timeline;
    if (page) setLater([...later, page]);
    setState(result.error ? { error: result.error.message } : {});
  }
  return (
    <>
      <TimelineRows rows={rows} />
      {last.pageInfo.hasNextPage && (
        <div className="row">
          <button type="button" onClick={more} disabled={state.loading}>
            Show more of the conversation
          </button>
          {state.loading && <Loading />}
        </div>
      )}
      {state.error && <ErrorMessage error={state.error} />}
    </>
  );
}

function TimelineRows({ rows }: { rows: TimelineRowFragment[] }) {
  return (
    <ol className="timeline plain" aria-label="Timeline">
      {rows.map((row) => {
        if (row.type === 'comment')
          return (
            <li key={row.databaseId}>
              <CommentBox id={`issuecomment-${row.databaseId}`} login={row.poster.login} avatarUrl={row.poster.avatarUrl} createdAt={row.createdAt} html={row.bodyHtml} />
            </li>
          );
        const text = eventText(row);
        if (text === null) return null;
        return (
          <li key={row.databaseId} className={`timeline-event event-${row.type}`}>
            <Avatar url={row.poster.avatarUrl} login={row.poster.login} size={20} /> <Link to={`/${row.poster.login}`}>{row.poster.login}</Link> {text}{' '}
            <span className="muted">
              <TimeAgo iso={row.createdAt} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}
