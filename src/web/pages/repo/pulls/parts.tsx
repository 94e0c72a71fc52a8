import { Link, NavLink, useParams } from 'react-router';
import type { PullHeaderFragment, ReviewCommentPartsFragment } from '../../../__generated__/pages/repo/pulls/pulls.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { RenderedMarkdown } from '../../../components/Markdown.tsx';
import { TimeAgo } from '../../../components/Time.tsx';

/** The pull request number from the URL; NaN when it is not a number (the page then shows NotFound). */
export function usePullNumber(): number {
  const { index = '' } = useParams();
  return /^\d+$/.test(index) ? Number(index) : NaN;
}

/** A label: its colour as a dot beside its name (the name keeps the page's contrast). */
export function LabelChip({ name, color }: { name: string; color: string }) {
  return (
    <span className="label pull-label">
      <span className="pull-label-dot" style={{ background: `#${color.replace(/^#/, '')}` }} aria-hidden="true" />
      {name}
    </span>
  );
}

/** Open, merged or closed, in words and colour. */
export function PullState({ merged, state }: { merged: boolean; state: string }) {
  const word = merged ? 'Merged' : state === 'open' ? 'Open' : 'Closed';
  return <span className={`label pull-state pull-state-${word.toLowerCase()}`}>{word}</span>;
}

/** Title, state, branches and the tabs of a pull request's pages. */
export function PullFrame({ pull, repo }: { pull: PullHeaderFragment; repo: string }) {
  const base = `/${repo}/pulls/${pull.number}`;
  const head = pull.headRepository && pull.headRepository.fullName !== repo ? `${pull.headRepository.fullName}:${pull.headBranch}` : pull.headBranch;
  return (
    <>
      <header className="pull-header">
        <h2 className="pull-title" id="pull-title">
          {pull.issue.title} <span className="muted">#{pull.number}</span>
        </h2>
        <p className="row">
          <PullState merged={pull.merged} state={pull.issue.state} />
          <span>
            <Link to={`/${pull.issue.poster.login}`}>{pull.issue.poster.login}</Link> wants to merge <code>{head}</code> into <code>{pull.baseBranch}</code>
          </span>
          <span className="muted">
            opened <TimeAgo iso={pull.issue.createdAt} />
          </span>
          {pull.issue.labels.map((l) => (
            <LabelChip key={l.databaseId} name={l.name} color={l.color} />
          ))}
        </p>
      </header>
      <nav aria-label="Pull request" className="tabs">
        <NavLink to={base} end>
          Conversation <span className="count">{pull.issue.commentCount}</span>
        </NavLink>
        <NavLink to={`${base}/commits`}>Commits</NavLink>
        <NavLink to={`${base}/files`}>
          Files changed <span className="count">{pull.changedFiles}</span>
        </NavLink>
      </nav>
    </>
  );
}

/** A line comment of a review, with the lines it was made on when `withHunk`. */
export function ReviewComment({ comment, withHunk }: { comment: ReviewCommentPartsFragment; withHunk?: boolean }) {
  const line = comment.newLine || comment.oldLine;
  return (
    <article className="box review-comment" aria-label={`Comment by ${comment.poster.login} on ${comment.path} line ${line}`}>
      <header className="row">
        <Avatar url={comment.poster.avatarUrl} login={comment.poster.login} size={20} />
        <Link to={`/${comment.poster.login}`}>{comment.poster.login}</Link>
        <span className="muted">
          on <code>{comment.path}</code> line {line} <TimeAgo iso={comment.createdAt} />
        </span>
      </header>
      {withHunk && comment.diffHunk && <pre className="review-hunk">{comment.diffHunk}</pre>}
      <div className="body">
        <RenderedMarkdown html={comment.bodyHtml} />
      </div>
    </article>
  );
}
