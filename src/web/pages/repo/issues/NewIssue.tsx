import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CreateIssueDocument, IssueChoicesDocument } from '../../../__generated__/pages/repo/issues/issues.ts';
import { useViewer } from '../../../app/viewer.tsx';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { LabelChip } from './LabelChip.tsx';
import { MarkdownEditor } from './MarkdownEditor.tsx';

/** /:owner/:repo/issues/new: a title and a body; writers also set labels, milestone and assignees. */
export default function NewIssue() {
  const repository = useRepository();
  const { owner, name } = useRepositoryName();
  const viewer = useViewer();
  const navigate = useNavigate();
  const canWrite = repository.viewerPermissions.push;
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [labels, setLabels] = useState<number[]>([]);
  const [milestone, setMilestone] = useState(0);
  const [assignees, setAssignees] = useState<string[]>([]);
  const [choices] = useQuery({ query: IssueChoicesDocument, variables: { owner, name }, pause: !canWrite || !viewer });
  const [created, create] = useMutation(CreateIssueDocument);
  if (!repository.hasIssues) return <NotFound />;
  if (!viewer)
    return (
      <p>
        <Link to="/user/login">Sign in</Link> to open an issue.
      </p>
    );
  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = canWrite ? { title, body, labels, assignees, milestone: milestone || undefined } : { title, body };
    const result = await create({ owner, name, input });
    const number = result.data?.createIssue.number;
    if (number) void navigate(`/${repository.fullName}/issues/${number}`);
  }
  const options = choices.data?.repository;
  return (
    <section aria-labelledby="new-issue-title" className="new-issue">
      <h2 id="new-issue-title">New issue</h2>
      <form onSubmit={submit} className="issue-columns">
        <div className="issue-main stack">
          <label>
            Title
            <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={255} />
          </label>
          <MarkdownEditor label="Description" value={body} onChange={setBody} context={`/${owner}/${name}`} />
          {created.error && <ErrorMessage error={created.error} />}
          <div className="row end">
            {created.fetching && <Loading label="Creating the issue" />}
            <button type="submit" className="primary" disabled={created.fetching || !title.trim()}>
              Create issue
            </button>
          </div>
        </div>
        {canWrite && (
          <aside className="issue-sidebar stack" aria-label="Issue details">
            {choices.error && <ErrorMessage error={choices.error} />}
            {choices.fetching && !options && <Loading label="Loading choices" />}
            {options && (
              <>
                <fieldset>
                  <legend>Labels</legend>
                  {options.labels.nodes.length === 0 && <p className="muted">No labels yet.</p>}
                  {options.labels.nodes.map((l) => (
                    <label key={l.databaseId} className="inline">
                      <input type="checkbox" checked={labels.includes(l.databaseId)} onChange={(e) => setLabels(e.target.checked ? [...labels, l.databaseId] : labels.filter((id) => id !== l.databaseId))} />
                      <LabelChip label={l} />
                    </label>
                  ))}
                </fieldset>
                <label>
                  Milestone
                  <select value={milestone} onChange={(e) => setMilestone(Number(e.target.value))}>
                    <option value={0}>No milestone</option>
                    {options.milestones.nodes.map((m) => (
                      <option key={m.databaseId} value={m.databaseId}>
                        {m.title}
                      </option>
                    ))}
                  </select>
                </label>
                <fieldset>
                  <legend>Assignees</legend>
                  {options.assignees.nodes.map((a) => (
                    <label key={a.login} className="inline">
                      <input type="checkbox" checked={assignees.includes(a.login)} onChange={(e) => setAssignees(e.target.checked ? [...assignees, a.login] : assignees.filter((l) => l !== a.login))} />
                      {a.login}
                    </label>
                  ))}
                </fieldset>
              </>
            )}
          </aside>
        )}
      </form>
    </section>
  );
}
