import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { IssueChoicesDocument, ReplaceIssueLabelsDocument, UpdateIssueMetaDocument, type IssueViewQuery } from '../../../__generated__/pages/repo/issues/issues.ts';
import { ErrorMessage, Loading } from '../../../components/Status.tsx';
import { LabelChip } from './LabelChip.tsx';

type Issue = NonNullable<NonNullable<IssueViewQuery['repository']>['issue']>;

interface Props {
  issue: Issue;
  owner: string;
  name: string;
  canWrite: boolean;
  /** Reads the issue again, so the timeline shows the change. */
  refresh: () => void;
}

/** Labels, milestone and assignees; writers edit them here. */
export function IssueSidebar(props: Props) {
  const { issue, canWrite } = props;
  const base = `/${props.owner}/${props.name}`;
  return (
    <aside className="issue-sidebar" aria-label="Issue details">
      <section aria-labelledby="sidebar-labels">
        <h2 id="sidebar-labels">Labels</h2>
        {issue.labels.length === 0 ? (
          <p className="muted">None yet</p>
        ) : (
          <ul className="plain chips" aria-label="Labels of the issue">
            {issue.labels.map((l) => (
              <li key={l.databaseId}>
                <Link to={`${base}/issues?label=${encodeURIComponent(l.name)}`} className="label-link">
                  <LabelChip label={l} />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {canWrite && <EditLabels {...props} />}
      </section>
      <section aria-labelledby="sidebar-milestone">
        <h2 id="sidebar-milestone">Milestone</h2>
        {issue.milestone ? <Link to={`${base}/issues?milestone=${encodeURIComponent(issue.milestone.title)}`}>{issue.milestone.title}</Link> : <p className="muted">No milestone</p>}
        {canWrite && <EditMilestone {...props} />}
      </section>
      <section aria-labelledby="sidebar-assignees">
        <h2 id="sidebar-assignees">Assignees</h2>
        {issue.assignees.length === 0 ? (
          <p className="muted">No one assigned</p>
        ) : (
          <ul className="plain">
            {issue.assignees.map((a) => (
              <li key={a.login}>
                <Link to={`/${a.login}`}>{a.login}</Link>
              </li>
            ))}
          </ul>
        )}
        {canWrite && <EditAssignees {...props} />}
      </section>
    </aside>
  );
}

/** The choices a writer has, read once for the three editors (urql shares the one request). */
function useChoices(owner: string, name: string, open: boolean) {
  const [{ data, error }] = useQuery({ query: IssueChoicesDocument, variables: { owner, name }, pause: !open });
  return { choices: data?.repository, error };
}

function EditLabels({ issue, owner, name, refresh }: Props) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>(issue.labels.map((l) => l.databaseId));
  const { choices, error } = useChoices(owner, name, open);
  const [result, replace] = useMutation(ReplaceIssueLabelsDocument);
  async function save() {
    const done = await replace({ owner, name, number: issue.number, ids: chosen });
    if (!done.error) {
      setOpen(false);
      refresh();
    }
  }
  if (!open)
    return (
      <button type="button" onClick={() => (setChosen(issue.labels.map((l) => l.databaseId)), setOpen(true))}>
        Edit labels
      </button>
    );
  return (
    <fieldset className="sidebar-editor">
      <legend>Choose labels</legend>
      {error && <ErrorMessage error={error} />}
      {!choices && !error && <Loading label="Loading labels" />}
      {choices?.labels.nodes.length === 0 && <p className="muted">The repository has no labels yet.</p>}
      {choices?.labels.nodes.map((l) => (
        <label key={l.databaseId} className="inline">
          <input type="checkbox" checked={chosen.includes(l.databaseId)} onChange={(e) => setChosen(e.target.checked ? [...chosen, l.databaseId] : chosen.filter((id) => id !== l.databaseId))} />
          <LabelChip label={l} />
        </label>
      ))}
      {result.error && <ErrorMessage error={result.error} />}
      <div className="row">
        <button type="button" className="primary" onClick={save} disabled={result.fetching}>
          Save labels
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

function EditMilestone({ issue, owner, name, refresh }: Props) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(issue.milestone?.databaseId ?? 0);
  const { choices, error } = useChoices(owner, name, open);
  const [result, update] = useMutation(UpdateIssueMetaDocument);
  async function save() {
    const done = await update({ owner, name, number: issue.number, input: { milestone: chosen } });
    if (!done.error) {
      setOpen(false);
      refresh();
    }
  }
  if (!open)
    return (
      <button type="button" onClick={() => (setChosen(issue.milestone?.databaseId ?? 0), setOpen(true))}>
        Edit milestone
      </button>
    );
  return (
    <div className="sidebar-editor stack">
      {error && <ErrorMessage error={error} />}
      <label>
        Choose a milestone
        <select value={chosen} onChange={(e) => setChosen(Number(e.target.value))}>
          <option value={0}>No milestone</option>
          {issue.milestone && !choices?.milestones.nodes.some((m) => m.databaseId === issue.milestone!.databaseId) && <option value={issue.milestone.databaseId}>{issue.milestone.title}</option>}
          {choices?.milestones.nodes.map((m) => (
            <option key={m.databaseId} value={m.databaseId}>
              {m.title}
            </option>
          ))}
        </select>
      </label>
      {result.error && <ErrorMessage error={result.error} />}
      <div className="row">
        <button type="button" className="primary" onClick={save} disabled={result.fetching}>
          Save milestone
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function EditAssignees({ issue, owner, name, refresh }: Props) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(issue.assignees.map((a) => a.login));
  const { choices, error } = useChoices(owner, name, open);
  const [result, update] = useMutation(UpdateIssueMetaDocument);
  async function save() {
    const done = await update({ owner, name, number: issue.number, input: { assignees: chosen } });
    if (!done.error) {
      setOpen(false);
      refresh();
    }
  }
  if (!open)
    return (
      <button type="button" onClick={() => (setChosen(issue.assignees.map((a) => a.login)), setOpen(true))}>
        Edit assignees
      </button>
    );
  const logins = [...new Set([...(choices?.assignees.nodes.map((a) => a.login) ?? []), ...issue.assignees.map((a) => a.login)])];
  return (
    <fieldset className="sidebar-editor">
      <legend>Choose assignees</legend>
      {error && <ErrorMessage error={error} />}
      {!choices && !error && <Loading label="Loading people" />}
      {logins.map((login) => (
        <label key={login} className="inline">
          <input type="checkbox" checked={chosen.includes(login)} onChange={(e) => setChosen(e.target.checked ? [...chosen, login] : chosen.filter((l) => l !== login))} />
          {login}
        </label>
      ))}
      {result.error && <ErrorMessage error={result.error} />}
      <div className="row">
        <button type="button" className="primary" onClick={save} disabled={result.fetching}>
          Save assignees
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
