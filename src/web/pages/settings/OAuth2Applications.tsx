import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  CreateOAuth2ApplicationDocument,
  DeleteOAuth2ApplicationDocument,
  RevokeOAuth2GrantDocument,
  SettingsOAuth2Document,
} from '../../__generated__/pages/settings/oauth2-applications.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';
import { CopyButton } from './CopyButton.tsx';

/** The account's OAuth2 applications (register, delete) and the applications it authorized (revoke). */
export function OAuth2Settings() {
  const [{ data, error }, refetch] = useQuery({ query: SettingsOAuth2Document, requestPolicy: 'cache-and-network' });
  const [created, setCreated] = useState<{ name: string; clientId: string; secret: string } | null>(null);
  const [deleted, remove] = useMutation(DeleteOAuth2ApplicationDocument);
  const [revoked, revoke] = useMutation(RevokeOAuth2GrantDocument);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading />;
  return (
    <>
      <h2>OAuth2 applications</h2>
      {created && (
        <div className="box token-secret" role="region" aria-label="New application">
          <div className="body stack">
            <p>
              <strong>Copy the client secret of “{created.name}” now: it is shown this once and never again.</strong>
            </p>
            <p>
              Client ID: <code data-testid="client-id">{created.clientId}</code>
            </p>
            <div className="row">
              <code data-testid="client-secret">{created.secret}</code>
              <CopyButton text={created.secret} label="Copy client secret" />
            </div>
          </div>
        </div>
      )}
      {deleted.error && <ErrorMessage error={deleted.error} />}
      {data.oauth2Applications.nodes.length === 0 ? (
        <p className="muted">No OAuth2 applications.</p>
      ) : (
        <ul className="plain">
          {data.oauth2Applications.nodes.map((app) => (
            <li key={app.databaseId} className="settings-item">
              <div>
                <strong>{app.name}</strong> <code className="muted">{app.clientId}</code>
                <div className="muted">
                  {app.confidentialClient ? 'confidential' : 'public'} · {app.redirectUris.join(', ')} · added <TimeAgo iso={app.createdAt} />
                </div>
              </div>
              <button
                type="button"
                className="danger"
                disabled={deleted.fetching}
                aria-label={`Delete application ${app.name}`}
                onClick={() => {
                  if (window.confirm(`Delete the application “${app.name}”? Every token it was given stops working.`))
                    void remove({ databaseId: app.databaseId }).then((r) => !r.error && reload());
                }}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>Register an application</h3>
      <NewApplicationForm
        onCreated={(app) => {
          setCreated(app);
          reload();
        }}
      />
      <h2>Authorized applications</h2>
      {revoked.error && <ErrorMessage error={revoked.error} />}
      {data.oauth2Grants.nodes.length === 0 ? (
        <p className="muted">You have not authorized any application.</p>
      ) : (
        <ul className="plain">
          {data.oauth2Grants.nodes.map((grant) => (
            <li key={grant.databaseId} className="settings-item">
              <div>
                <strong>{grant.applicationName}</strong>
                <div className="muted">
                  {grant.scope || 'no scope named'} · authorized <TimeAgo iso={grant.createdAt} />
                </div>
              </div>
              <button
                type="button"
                className="danger"
                disabled={revoked.fetching}
                aria-label={`Revoke access of ${grant.applicationName}`}
                onClick={() => {
                  if (window.confirm(`Take back the access of “${grant.applicationName}”?`)) void revoke({ databaseId: grant.databaseId }).then((r) => !r.error && reload());
                }}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function NewApplicationForm({ onCreated }: { onCreated: (app: { name: string; clientId: string; secret: string }) => void }) {
  const [result, create] = useMutation(CreateOAuth2ApplicationDocument);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const outcome = await create({
      input: {
        name: String(form.get('name')),
        redirectUris: String(form.get('redirectUris') ?? '').split(/\s+/).filter(Boolean),
        confidentialClient: form.get('confidential') === 'on',
        skipSecondaryAuthorization: form.get('skip') === 'on',
      },
    });
    if (outcome.data) {
      formElement.reset();
      const made = outcome.data.createOAuth2Application;
      onCreated({ name: made.application.name, clientId: made.application.clientId, secret: made.clientSecret });
    }
  }

  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      <label>
        Application name
        <input name="name" required maxLength={255} />
      </label>
      <label>
        Redirect URIs (one per line)
        <textarea name="redirectUris" required rows={3} />
      </label>
      <label className="inline">
        <input name="confidential" type="checkbox" defaultChecked /> Confidential client (a server that keeps the secret)
      </label>
      <label className="inline">
        <input name="skip" type="checkbox" /> Do not ask again once authorized
      </label>
      {result.error && <ErrorMessage error={result.error} />}
      <div>
        <button type="submit" className="primary" disabled={result.fetching}>
          Register application
        </button>
      </div>
    </form>
  );
}
