import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { CursorPager, useCursorWindow } from '../../../components/Paging.tsx';
import { IssueListDocument, type IssueFilter, type IssueStateFilter } from '../../../__generated__/pages/repo/issues/issues.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { LabelChip } from './LabelChip.tsx';

const PAGE = 20;

/** The filters of the list, read from the query string so a filtered list is a link to share. */
function filterOf(params: URLSearchParams): Omit<IssueFilter, 'state'> {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const labels = params.getAll('label');
  const milestone = text('milestone');
  return { kind: 'issues', labels: labels.length ? labels : undefined, milestones: milestone ? [milestone] : undefined, assignedTo: text('assignee'), postedBy: text('poster'), query: text('q') };
}

/** /:owner/:repo/issues: the repository's issues, open or closed, filtered and paged. */
export default function IssueList() {
  const repository = useRepository();
  const name = useRepositoryName();
  const [params, setParams] = useSearchParams();
  const state: IssueStateFilter = params.get('state') === 'closed' ? 'closed' : 'open';
  const filter = filterOf(params);
  const window = useCursorWindow(PAGE);
  const [{ data, error, fetching }] = useQuery({
    query: IssueListDocument,
    variables: {
      ...name,
      filter: { ...filter, state },
      openFilter: { ...filter, state: 'open' },
      closedFilter: { ...filter, state: 'closed' },
      ...window,
    },
  });
  if (!repository.hasIssues) return <NotFound />;
  /** The same list with some parameters changed; a changed filter starts again at the first page. */
  const withParams = (changes: Record<string, string | string[] | null>) => {
    const next = new URLSearchParams(params);
    next.delete('after');
    next.delete('before');
    for (const [key, value] of Object.entries(changes)) {
      next.delete(key);
      for (const v of Array.isArray(value) ? value : value ? [value] : []) next.append(key, v);
    }
    return next;
  };
  const base = `/${repository.fullName}`;
  const repo = data?.repository;
  const issues = repo?.issues;
  return (
    <section aria-labelledby="issues-title" className="issue-list-page">
      <div className="row issue-list-head">
        <h2 id="issues-title">Issues</h2>
        <span className="spacer" />
        <Link to={`${base}/labels`}>Labels</Link>
        <Link to={`${base}/milestones`}>Milestones</Link>
        <Link className="button primary" to={`${base}/issues/new`}>
          New issue
        </Link>
      </div>
      <Filters key={params.toString()} params={params} labels={repo?.labels.nodes ?? []} milestones={repo?.milestones.nodes ?? []} onChange={(changes) => setParams(withParams(changes))} />
      {error && <ErrorMessage error={error} />}
      {!repo && fetching && <Loading label="Loading issues" />}
      {repo && issues && (
        <div className="box">
          <header>
            <nav aria-label="Issue state" className="row">
              <Link to={`?${withParams({ state: null })}`} aria-current={state === 'open' ? 'page' : undefined} className="state-tab">
                Open <span className="count">{repo.openCount.totalCount}</span>
              </Link>
              <Link to={`?${withParams({ state: 'closed' })}`} aria-current={state === 'closed' ? 'page' : undefined} className="state-tab">
                Closed <span className="count">{repo.closedCount.totalCount}</span>
              </Link>
              {fetching && <Loading label="Updating" />}
            </nav>
          </header>
          {issues.nodes.length === 0 ? (
            <p className="body muted">No issues match.</p>
          ) : (
            <ul className="plain issue-rows" aria-label="Issues">
              {issues.nodes.map((issue) => (
                <li key={issue.databaseId} className="issue-row">
                  <span className={`state-dot ${issue.state}`} aria-label={issue.state === 'open' ? 'Open' : 'Closed'} role="img" />
                  <div className="issue-row-main">
                    <Link to={`${base}/issues/${issue.number}`} className="issue-title">
                      {issue.title}
                    </Link>{' '}
                    {issue.labels.map((l) => (
                      <Link key={l.databaseId} to={`?${withParams({ label: l.name })}`} className="label-link" aria-label={`Label ${l.name}`}>
                        <LabelChip label={l} />
                      </Link>
                    ))}
                    <div className="muted small">
                      #{issue.number} opened <TimeAgo iso={issue.createdAt} /> by <Link to={`?${withParams({ poster: issue.poster.login })}`}>{issue.poster.login}</Link>
                      {issue.milestone && <> · {issue.milestone.title}</>}
                    </div>
                  </div>
                  {issue.commentCount > 0 && (
                    <Link to={`${base}/issues/${issue.number}`} className="muted comment-count" aria-label={`${issue.commentCount} comments on #${issue.number}`}>
                      💬 {issue.commentCount}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {issues && <CursorPager pageInfo={issues.pageInfo} />}
    </section>
  );
}


interface FiltersProps {
  params: URLSearchParams;
  labels: { databaseId: number; name: string; color: string; description: string }[];
  milestones: { databaseId: number; title: string }[];
  onChange: (changes: Record<string, string | string[] | null>) => void;
}

/** The filter form: labels, milestone, assignee, poster and text, applied together. */
function Filters({ params, labels, milestones, onChange }: FiltersProps) {
  const [chosen, setChosen] = useState<string[]>(params.getAll('label'));
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (key: string) => String(form.get(key) ?? '').trim() || null;
    onChange({ label: chosen, milestone: value('milestone'), assignee: value('assignee'), poster: value('poster'), q: value('q') });
  }
  const active = ['label', 'milestone', 'assignee', 'poster', 'q'].some((k) => params.has(k));
  return (
    <form className="issue-filters" role="search" aria-label="Filter issues" onSubmit={submit}>
      <label>
        Search
        <input name="q" type="search" defaultValue={params.get('q') ?? ''} />
      </label>
      <label>
        Milestone
        <select name="milestone" defaultValue={params.get('milestone') ?? ''}>
          <option value="">Any</option>
          {milestones.map((m) => (
            <option key={m.databaseId} value={m.title}>
              {m.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Assignee
        <input name="assignee" defaultValue={params.get('assignee') ?? ''} autoComplete="off" />
      </label>
      <label>
        Author
        <input name="poster" defaultValue={params.get('poster') ?? ''} autoComplete="off" />
      </label>
      {labels.length > 0 && (
        <fieldset className="label-filter">
          <legend>Labels</legend>
          {labels.map((l) => (
            <label key={l.databaseId} className="inline">
              <input type="checkbox" checked={chosen.includes(l.name)} onChange={(e) => setChosen(e.target.checked ? [...chosen, l.name] : chosen.filter((n) => n !== l.name))} />
              <LabelChip label={l} />
            </label>
          ))}
        </fieldset>
      )}
      <div className="row">
        <button type="submit" className="primary">
          Filter
        </button>
        {active && (
          <button type="button" onClick={() => onChange({ label: null, milestone: null, assignee: null, poster: null, q: null })}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
