import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { DeleteRepositoryWebhookDocument, RepositoryWebhooksDocument } from '../../../__generated__/pages/repo/settings/settings.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';

export default function Hooks() {
  const variables = useRepositoryName();
  const repo = useRepository();
  const [{ data, error, fetching }, refetch] = useQuery({ query: RepositoryWebhooksDocument, variables });
  const [removal, remove] = useMutation(DeleteRepositoryWebhookDocument);
  async function removeHook(id: number, url: string) {
    if (!window.confirm(`Delete the webhook to ${url} and its delivery log?`)) return;
    const outcome = await remove({ ...variables, id });
    // Deleting answers a Boolean the document cache cannot tie to the list: ask again.
    if (outcome.data) refetch({ requestPolicy: 'network-only' });
  }
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const hooks = data?.repository?.webhooks.nodes;
  if (!hooks) return <NotFound />;
  const base = `/${repo.fullName}/settings/hooks`;
  return (
    <section aria-labelledby="hooks-title">
      <div className="row settings-heading">
        <h2 id="hooks-title">Webhooks</h2>
        <Link className="button primary" to={`${base}/new`}>
          Add webhook
        </Link>
      </div>
      <p className="muted">Webhooks send a request to a URL of your choice when things happen in this repository.</p>
      {removal.error && <ErrorMessage error={removal.error} />}
      {hooks.length === 0 ? (
        <p className="muted">No webhook yet.</p>
      ) : (
        <ul className="plain">
          {hooks.map((hook) => (
            <li key={hook.databaseId} className="row">
              <span className="label">{hook.type}</span>
              <Link to={`${base}/${hook.databaseId}`} className="mono hook-url">
                {hook.url}
              </Link>
              {!hook.active && <span className="label">inactive</span>}
              <button type="button" className="link-button danger" disabled={removal.fetching} onClick={() => void removeHook(hook.databaseId, hook.url)}>
                Delete <span className="visually-hidden">the webhook to {hook.url}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
