import type { FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { AddViewerEmailDocument, DeleteViewerEmailDocument, SettingsEmailsDocument, type SettingsEmailsQuery } from '../../__generated__/pages/settings/emails.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';

type Email = NonNullable<NonNullable<SettingsEmailsQuery['viewer']>['emails']>[number];

/** The account's e-mail addresses: the primary one, further ones to add and remove. */
export default function EmailSettings() {
  const [{ data, error }, refetch] = useQuery({ query: SettingsEmailsDocument, requestPolicy: 'cache-and-network' });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <section aria-labelledby="emails-title">
      <h1 id="emails-title">E-mail addresses</h1>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data?.viewer ? (
        <Loading />
      ) : (
        <>
          <EmailList emails={data.viewer.emails ?? []} onChange={reload} />
          <AddEmail onAdded={reload} />
        </>
      )}
    </section>
  );
}

function EmailList({ emails, onChange }: { emails: Email[]; onChange: () => void }) {
  const [result, remove] = useMutation(DeleteViewerEmailDocument);
  return (
    <>
      {result.error && <ErrorMessage error={result.error} />}
      <ul className="plain" aria-label="Your e-mail addresses">
        {emails.map((e) => (
          <li key={e.email} className="settings-item">
            <div>
              <strong>{e.email}</strong>
              <div className="muted">
                {e.primary ? 'Primary' : 'Further address'} · {e.verified ? 'verified' : 'not verified'}
              </div>
            </div>
            {!e.primary && (
              <button
                type="button"
                className="danger"
                disabled={result.fetching}
                aria-label={`Delete e-mail address ${e.email}`}
                onClick={() => {
                  if (window.confirm(`Delete the e-mail address “${e.email}”?`)) void remove({ emails: [e.email] }).then((r) => !r.error && onChange());
                }}
              >
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function AddEmail({ onAdded }: { onAdded: () => void }) {
  const [result, add] = useMutation(AddViewerEmailDocument);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const outcome = await add({ emails: [String(new FormData(formElement).get('email')).trim()] });
    if (outcome.data) {
      formElement.reset();
      onAdded();
    }
  }
  return (
    <form className="stack" aria-labelledby="add-email-title" onSubmit={(e) => void submit(e)}>
      <h2 id="add-email-title">Add an e-mail address</h2>
      <label>
        E-mail address
        <input name="email" type="email" required maxLength={254} autoComplete="email" />
      </label>
      {result.error && <ErrorMessage error={result.error} />}
      <div>
        <button type="submit" className="primary" disabled={result.fetching}>
          Add address
        </button>
      </div>
    </form>
  );
}
