import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CreateLabelDocument, DeleteLabelDocument, RepositoryLabelsDocument, UpdateLabelDocument } from '../../../__generated__/pages/repo/issues/issues.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { LabelChip } from './LabelChip.tsx';

type LabelFields = { name: string; color: string; description: string };

/** /:owner/:repo/labels: the repository's labels; writers create, edit and delete them. */
export default function Labels() {
  const repository = useRepository();
  const { owner, name } = useRepositoryName();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: RepositoryLabelsDocument, variables: { owner, name } });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [created, create] = useMutation(CreateLabelDocument);
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  if (!repository.hasIssues) return <NotFound />;
  if (error && !data) return <ErrorMessage error={error} />;
  if (!data?.repository) return fetching ? <Loading label="Loading labels" /> : <NotFound />;
  const canWrite = data.repository.viewerPermissions.push;
  const labels = data.repository.labels.nodes;
  return (
    <section aria-labelledby="labels-title">
      <div className="row issue-list-head">
        <h2 id="labels-title">Labels</h2>
        <span className="count">{labels.length}</span>
        <span className="spacer" />
        {canWrite && editing !== 'new' && (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New label
          </button>
        )}
      </div>
      {editing === 'new' && (
        <LabelForm
          title="New label"
          initial={{ name: '', color: '#1d76db', description: '' }}
          error={created.error}
          busy={created.fetching}
          onCancel={() => setEditing(null)}
          onSave={async (fields) => {
            const result = await create({ owner, repository: name, input: fields });
            if (!result.error) {
              setEditing(null);
              refresh();
            }
          }}
        />
      )}
      {labels.length === 0 ? (
        <p className="muted">No labels yet.</p>
      ) : (
        <ul className="plain label-rows" aria-label="Labels">
          {labels.map((label) =>
            editing === label.databaseId ? (
              <li key={label.databaseId}>
                <EditLabel label={label} owner={owner} name={name} onDone={() => (setEditing(null), refresh())} onCancel={() => setEditing(null)} />
              </li>
            ) : (
              <li key={label.databaseId} className="label-row">
                <LabelChip label={label} />
                <span className="muted label-description">{label.description}</span>
                <Link to={`/${repository.fullName}/issues?label=${encodeURIComponent(label.name)}`}>{label.openIssueCount} open issues</Link>
                {canWrite && (
                  <span className="row">
                    <button type="button" onClick={() => setEditing(label.databaseId)} aria-label={`Edit label ${label.name}`}>
                      Edit
                    </button>
                    <DeleteLabel id={label.databaseId} labelName={label.name} owner={owner} name={name} onDone={refresh} />
                  </span>
                )}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

function EditLabel({ label, owner, name, onDone, onCancel }: { label: LabelFields & { databaseId: number }; owner: string; name: string; onDone: () => void; onCancel: () => void }) {
  const [updated, update] = useMutation(UpdateLabelDocument);
  return (
    <LabelForm
      title={`Edit label ${label.name}`}
      initial={{ name: label.name, color: label.color, description: label.description }}
      error={updated.error}
      busy={updated.fetching}
      onCancel={onCancel}
      onSave={async (fields) => {
        const result = await update({ owner, repository: name, id: label.databaseId, input: fields });
        if (!result.error) onDone();
      }}
    />
  );
}

/** Deleting asks once more, in the page, before it happens. */
function DeleteLabel({ id, labelName, owner, name, onDone }: { id: number; labelName: string; owner: string; name: string; onDone: () => void }) {
  const [asking, setAsking] = useState(false);
  const [deleted, remove] = useMutation(DeleteLabelDocument);
  if (!asking)
    return (
      <button type="button" className="danger" onClick={() => setAsking(true)} aria-label={`Delete label ${labelName}`}>
        Delete
      </button>
    );
  return (
    <>
      <button
        type="button"
        className="danger"
        disabled={deleted.fetching}
        onClick={async () => {
          const result = await remove({ owner, repository: name, id });
          if (!result.error) onDone();
        }}
      >
        Delete {labelName} from every issue
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep it
      </button>
      {deleted.error && <ErrorMessage error={deleted.error} />}
    </>
  );
}

function LabelForm(props: { title: string; initial: LabelFields; error?: Error; busy: boolean; onSave: (fields: LabelFields) => void; onCancel: () => void }) {
  const [fields, setFields] = useState(props.initial);
  const set = (key: keyof LabelFields) => (e: { target: { value: string } }) => setFields({ ...fields, [key]: e.target.value });
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onSave(fields);
  }
  return (
    <form className="box body label-form" onSubmit={submit} aria-label={props.title}>
      <div className="row">
        <label>
          Name
          <input value={fields.name} onChange={set('name')} required maxLength={50} />
        </label>
        <label>
          Colour
          <input type="color" value={fields.color} onChange={set('color')} />
        </label>
        <label className="grow">
          Description
          <input value={fields.description} onChange={set('description')} maxLength={200} />
        </label>
        <span aria-hidden="true">
          <LabelChip label={{ ...fields, name: fields.name || 'Preview' }} />
        </span>
      </div>
      {props.error && <ErrorMessage error={props.error} />}
      <div className="row">
        <button type="submit" className="primary" disabled={props.busy}>
          Save label
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
