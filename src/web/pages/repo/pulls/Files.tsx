import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { PullFilesDocument, ReviewPullDocument, type PullReviewState, type ReviewCommentPartsFragment } from '../../../__generated__/pages/repo/pulls/pulls.ts';
import { useViewer } from '../../../app/viewer.tsx';
import { Diff } from '../../../components/Diff.tsx';
import type { DiffFile, DiffLine } from '../../../components/diff-parse.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepositoryName } from '../RepoLayout.tsx';
import { PullFrame, ReviewComment, usePullNumber } from './parts.tsx';

/** A line comment written on this page, sent with the review. */
interface Draft {
  path: string;
  /** The side the comment is on: a removed line's old number, any other line's new number. */
  oldLine?: number;
  newLine?: number;
  body: string;
}

/** Where a line sits for a comment: its file, and its old side when removed, its new side otherwise. */
function anchorOf(file: DiffFile, line: DiffLine): Omit<Draft, 'body'> | null {
  if (line.kind === 'hunk') return null;
  if (line.kind === 'removed') return line.oldLine ? { path: file.newPath, oldLine: line.oldLine } : null;
  return line.newLine ? { path: file.newPath, newLine: line.newLine } : null;
}

const keyOf = (a: Omit<Draft, 'body'>) => `${a.path}\0${a.oldLine ? `o${a.oldLine}` : `n${a.newLine}`}`;
const keyOfComment = (c: ReviewCommentPartsFragment) => keyOf(c.oldLine ? { path: c.path, oldLine: c.oldLine } : { path: c.path, newLine: c.newLine });

/** The files a pull request changes, with its line comments in place; a signed-in reader writes line comments and submits a review. */
export default function Files() {
  const { owner, name } = useRepositoryName();
  const number = usePullNumber();
  const viewer = useViewer();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: PullFilesDocument, variables: { owner, name, number }, pause: Number.isNaN(number) });
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  if (Number.isNaN(number)) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const pull = data?.repository?.pullRequest;
  if (!pull) return <NotFound />;

  const published = new Map<string, ReviewCommentPartsFragment[]>();
  for (const review of pull.reviews.nodes) {
    if (review.state === 'PENDING') continue;
    for (const c of review.comments) published.set(keyOfComment(c), [...(published.get(keyOfComment(c)) ?? []), c]);
  }
  const lineLabel = (a: Omit<Draft, 'body'>) => (a.oldLine ? `${a.path} old line ${a.oldLine}` : `${a.path} line ${a.newLine}`);

  const lineAction = viewer
    ? (file: DiffFile, line: DiffLine) => {
        const anchor = anchorOf(file, line);
        if (!anchor) return null;
        return (
          <button type="button" className="line-comment-button" aria-label={`Comment on ${lineLabel(anchor)}`} onClick={() => setOpen(keyOf(anchor))}>
            +
          </button>
        );
      }
    : undefined;

  const afterLine = (file: DiffFile, line: DiffLine) => {
    const anchor = anchorOf(file, line);
    if (!anchor) return null;
    const key = keyOf(anchor);
    const comments = published.get(key) ?? [];
    const mine = drafts.filter((d) => keyOf(d) === key);
    if (comments.length === 0 && mine.length === 0 && open !== key) return null;
    return (
      <div className="stack">
        {comments.map((c) => (
          <ReviewComment key={c.databaseId} comment={c} />
        ))}
        {mine.map((d, i) => (
          <div className="box pending-comment" key={i}>
            <header className="row">
              <span className="label">Pending</span>
              <button type="button" className="link-button" onClick={() => setDrafts(drafts.filter((x) => x !== d))}>
                Remove
              </button>
            </header>
            <p className="body">{d.body}</p>
          </div>
        ))}
        {open === key && (
          <LineCommentForm
            label={`Your comment on ${lineLabel(anchor)}`}
            onCancel={() => setOpen(null)}
            onAdd={(body) => {
              setDrafts([...drafts, { ...anchor, body }]);
              setOpen(null);
            }}
          />
        )}
      </div>
    );
  };

  return (
    <article aria-labelledby="pull-title" className="pull-page">
      <PullFrame pull={pull} repo={`${owner}/${name}`} />
      <Diff diff={pull.diff} lineAction={lineAction} afterLine={afterLine} />
      {viewer && !pull.merged && pull.issue.state === 'open' && (
        <ReviewForm
          number={number}
          drafts={drafts}
          onDone={() => {
            setDrafts([]);
            reexecute({ requestPolicy: 'network-only' });
          }}
        />
      )}
    </article>
  );
}

function LineCommentForm({ label, onAdd, onCancel }: { label: string; onAdd: (body: string) => void; onCancel: () => void }) {
  const [body, setBody] = useState('');
  return (
    <form
      className="stack line-comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (body.trim()) onAdd(body);
      }}
    >
      <label>
        {label}
        <textarea value={body} onChange={(e) => setBody(e.target.value)} required autoFocus />
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={!body.trim()}>
          Add to review
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const EVENTS: { value: PullReviewState; label: string }[] = [
  { value: 'COMMENT', label: 'Comment' },
  { value: 'APPROVED', label: 'Approve' },
  { value: 'REQUEST_CHANGES', label: 'Request changes' },
];

function ReviewForm({ number, drafts, onDone }: { number: number; drafts: Draft[]; onDone: () => void }) {
  const { owner, name } = useRepositoryName();
  const [body, setBody] = useState('');
  const [event, setEvent] = useState<PullReviewState>('COMMENT');
  const [result, review] = useMutation(ReviewPullDocument);
  const [sent, setSent] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    const done = await review({ owner, name, number, input: { event, body, comments: drafts } });
    if (!done.error) {
      setBody('');
      setSent(true);
      onDone();
    }
  };
  return (
    <form className="box review-form" onSubmit={submit} aria-labelledby="review-title">
      <header>
        <h3 id="review-title">Submit a review</h3>
      </header>
      <div className="body stack">
        <p className="muted">
          {drafts.length} pending line {drafts.length === 1 ? 'comment' : 'comments'} will be sent with it.
        </p>
        <label>
          Review summary
          <textarea value={body} onChange={(e) => setBody(e.target.value)} />
        </label>
        <fieldset className="row">
          <legend>Verdict</legend>
          {EVENTS.map((ev) => (
            <label className="inline" key={ev.value}>
              <input type="radio" name="review-event" value={ev.value} checked={event === ev.value} onChange={() => setEvent(ev.value)} />
              {ev.label}
            </label>
          ))}
        </fieldset>
        {result.error && <ErrorMessage error={result.error} />}
        {sent && (
          <p className="success" role="status">
            Review submitted.
          </p>
        )}
        <div>
          <button type="submit" className="primary" disabled={result.fetching}>
            {result.fetching ? 'Submitting…' : 'Submit review'}
          </button>
        </div>
      </div>
    </form>
  );
}
