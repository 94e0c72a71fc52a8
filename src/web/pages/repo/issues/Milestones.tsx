import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CreateMilestoneDocument, RepositoryMilestonesDocument, SetMilestoneStateDocument } from '../../../__generated__/pages/repo/issues/issues.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';

/** /:owner/:repo/milestones: open or closed milestones with their progress; writers create, close and reopen them. */
export default function Milestones() {
  const repository = useRepository();
  const { owner, name } = useRepositoryName();
  const [params] = useSearchParams();
  const state = params.get('state') === 'closed' ? 'closed' : 'open';
  const [{ data, error, fetching }, reexecute] = useQuery({ query: RepositoryMilestonesDocument, variables: { owner, name, state } });
  const [creating, setCreating] = useState(false);
  const [changed, setState] = useMutation(SetMilestoneStateDocument);
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  if (!repository.hasIssues) return <NotFound />;
  if (error && !data) return <ErrorMessage error={error} />;
  if (!data?.repository) return fetching ? <Loading label="Loading milestones" /> : <NotFound />;
  const canWrite = data.repository.viewerPermissions.push;
  const milestones = data.repository.milestones.nodes;
  return (
    <section aria-labelledby="milestones-title">
      <div className="row issue-list-head">
        <h2 id="milestones-title">Milestones</h2>
        <span className="spacer" />
        {canWrite && !creating && (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New milestone
          </button>
        )}
      </div>
      {creating && <NewMilestone owner={owner} name={name} onDone={() => (setCreating(false), refresh())} onCancel={() => setCreating(false)} />}
      <nav aria-label="Milestone state" className="row state-tabs">
        <Link to="?" aria-current={state === 'open' ? 'page' : undefined} className="state-tab">
          Open
        </Link>
        <Link to="?state=closed" aria-current={state === 'closed' ? 'page' : undefined} className="state-tab">
          Closed
        </Link>
      </nav>
      {changed.error && <ErrorMessage error={changed.error} />}
      {milestones.length === 0 ? (
        <p className="muted">No {state} milestones.</p>
      ) : (
        <ul className="plain milestone-rows" aria-label="Milestones">
          {milestones.map((m) => {
            const total = m.openIssueCount + m.closedIssueCount;
            const done = total ? Math.round((m.closedIssueCount / total) * 100) : 0;
            return (
              <li key={m.databaseId} className="milestone-row stack">
                <div className="row">
                  <h3>
                    <Link to={`/${repository.fullName}/issues?milestone=${encodeURIComponent(m.title)}`}>{m.title}</Link>
                  </h3>
                  <span className="spacer" />
                  {canWrite && (
                    <button
                      type="button"
                      disabled={changed.fetching}
                      onClick={async () => {
                        const result = await setState({ owner, name, idOrName: String(m.databaseId), state: m.state === 'open' ? 'closed' : 'open' });
                        if (!result.error) refresh();
                      }}
                    >
                      {m.state === 'open' ? 'Close' : 'Reopen'} <span className="visually-hidden">{m.title}</span>
                    </button>
                  )}
                </div>
                <progress max={100} value={done} aria-label={`${m.title}: ${done}% complete`} />
                <p className="muted small">
                  {done}% complete · {m.openIssueCount} open · {m.closedIssueCount} closed
                  {m.deadline && <> · due {new Date(m.deadline).toLocaleDateString()}</>}
                </p>
                {m.description && <p>{m.description}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function NewMilestone({ owner, name, onDone, onCancel }: { owner: string; name: string; onDone: () => void; onCancel: () => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [deadline, setDeadline] = useState('');
  const [created, create] = useMutation(CreateMilestoneDocument);
  async function submit(event: FormEvent) {
    event.preventDefault();
    // The date input gives a day; the milestone is due at its end, in UTC, as Gitea stores it.
    const input = { title, description, deadline: deadline ? `${deadline}T23:59:59Z` : undefined };
    const result = await create({ owner, name, input });
    if (!result.error) onDone();
  }
  return (
    <form className="box body stack" onSubmit={submit} aria-label="New milestone">
      <label>
        Title
        <input value={title} onChange={(e) => setTitle(e.target.value)} required />
      </label>
      <label>
        Description
        <textarea value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label>
        Due date
        <input type="date" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
      </label>
      {created.error && <ErrorMessage error={created.error} />}
      <div className="row">
        <button type="submit" className="primary" disabled={created.fetching}>
          Create milestone
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
