import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { CursorPager, useCursorWindow } from '../../../components/Paging.tsx';
import { PullListDocument, type IssueStateFilter, type PullListQuery } from '../../../__generated__/pages/repo/pulls/pulls.ts';
import { useViewer } from '../../../app/viewer.tsx';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { LabelChip, PullState } from './parts.tsx';

const PAGE_SIZE = 20;

type PullNode = NonNullable<PullListQuery['repository']>['pullRequests']['nodes'][number];

/** The latest standing review of each reviewer, summed up: approved, changes requested, or waiting. */
function reviewSummary(reviews: PullNode['reviews']['nodes']): string | null {
  const latest = new Map<string, string>();
  for (const r of reviews) {
    if (r.dismissed || r.state === 'PENDING' || r.state === 'COMMENT' || !r.reviewer) continue;
    latest.set(r.reviewer.login, r.state);
  }
  const states = [...latest.values()];
  if (states.includes('REQUEST_CHANGES')) return 'Changes requested';
  const approvals = states.filter((s) => s === 'APPROVED').length;
  if (approvals > 0) return `Approved (${approvals})`;
  if (states.includes('REQUEST_REVIEW')) return 'Review requested';
  return null;
}

/** A repository's pull requests, open or closed, a page at a time (cursors in the URL, so a page can be shared). */
export default function PullList() {
  const { owner, name } = useRepositoryName();
  const repository = useRepository();
  const viewer = useViewer();
  const [params] = useSearchParams();
  const state: IssueStateFilter = params.get('state') === 'closed' ? 'closed' : 'open';
  const window = useCursorWindow(PAGE_SIZE);
  const [{ data, error, fetching }] = useQuery({ query: PullListDocument, variables: { owner, name, state, ...window } });
  if (!repository.hasPullRequests) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const repo = data?.repository;
  if (!repo) return <NotFound />;
  const list = repo.pullRequests;
  const heads = new Map(list.headRepositories.map((r) => [r.databaseId, r.fullName]));
  const base = `/${repo.fullName}/pulls`;
  const stateLink = (s: string) => `${base}?state=${s}`;
  return (
    <section aria-labelledby="pulls-title">
      <div className="row pull-list-top">
        <h2 id="pulls-title">Pull requests</h2>
        {viewer && (
          <Link className="button primary" to={`${base}/new`}>
            New pull request
          </Link>
        )}
      </div>
      <nav aria-label="Pull request state" className="tabs">
        <Link to={stateLink('open')} aria-current={state === 'open' ? 'page' : undefined} className={state === 'open' ? 'active' : ''}>
          Open <span className="count">{repo.open.totalCount}</span>
        </Link>
        <Link to={stateLink('closed')} aria-current={state === 'closed' ? 'page' : undefined} className={state === 'closed' ? 'active' : ''}>
          Closed <span className="count">{repo.closed.totalCount}</span>
        </Link>
      </nav>
      {list.nodes.length === 0 ? (
        <p className="muted">No {state} pull requests.</p>
      ) : (
        <ul className="plain pull-list">
          {list.nodes.map((pull) => {
            const headRepo = pull.headRepository ? heads.get(pull.headRepository.databaseId) : undefined;
            const head = headRepo && headRepo !== repo.fullName ? `${headRepo}:${pull.headBranch}` : pull.headBranch;
            const review = reviewSummary(pull.reviews.nodes);
            return (
              <li key={pull.number}>
                <div className="row">
                  <PullState merged={pull.merged} state={pull.issue.state} />
                  <Link className="pull-list-title" to={`${base}/${pull.number}`}>
                    {pull.issue.title}
                  </Link>
                  {pull.issue.labels.map((l) => (
                    <LabelChip key={l.databaseId} name={l.name} color={l.color} />
                  ))}
                </div>
                <div className="row muted pull-list-meta">
                  <span>
                    #{pull.number} opened <TimeAgo iso={pull.issue.createdAt} /> by {pull.issue.poster.login}
                  </span>
                  <span>
                    <code>{head}</code> → <code>{pull.baseBranch}</code>
                  </span>
                  {review && <span className="label">{review}</span>}
                  {pull.issue.commentCount > 0 && <span>{pull.issue.commentCount} comments</span>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <CursorPager pageInfo={list.pageInfo} />
    </section>
  );
}
