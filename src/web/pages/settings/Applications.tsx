import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { CreateAccessTokenDocument, DeleteAccessTokenDocument, SettingsTokensDocument } from '../../__generated__/pages/settings/applications.ts';
import { useViewer } from '../../app/viewer.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';
import { CopyButton } from './CopyButton.tsx';
import { OAuth2Settings } from './OAuth2Applications.tsx';

/** Gitea's token scope categories (src/auth/scopes.ts): each gets no access, read or write. */
const CATEGORIES = ['activitypub', 'admin', 'issue', 'misc', 'notification', 'organization', 'package', 'repository', 'user'] as const;

export default function ApplicationSettings() {
  const login = useViewer()!.login;
  const [{ data, error }, refetch] = useQuery({ query: SettingsTokensDocument, variables: { login }, requestPolicy: 'cache-and-network' });
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <section aria-labelledby="applications-title">
      <h1 id="applications-title">Applications</h1>
      {created && <NewSecret {...created} />}
      <h2>Access tokens</h2>
      {error ? <ErrorMessage error={error} /> : !data ? <Loading /> : <TokenList login={login} tokens={data.accessTokens.nodes} onDeleted={reload} />}
      <h2>Generate a new token</h2>
      <NewTokenForm
        login={login}
        onCreated={(token) => {
          setCreated(token);
          reload();
        }}
      />
      <OAuth2Settings />
    </section>
  );
}

function NewSecret({ name, secret }: { name: string; secret: string }) {
  return (
    <div className="box token-secret" role="region" aria-label="New token">
      <div className="body stack">
        <p>
          <strong>Copy the token “{name}” now: it is shown this once and never again.</strong>
        </p>
        <div className="row">
          <code data-testid="token-secret">{secret}</code>
          <CopyButton text={secret} label="Copy token" />
        </div>
      </div>
    </div>
  );
}

type Token = { databaseId: number; name: string; scopes: string[]; tokenLastEight: string; createdAt: string; lastUsedAt?: string | null; expiresAt?: string | null };

function TokenList({ login, tokens, onDeleted }: { login: string; tokens: Token[]; onDeleted: () => void }) {
  const [result, remove] = useMutation(DeleteAccessTokenDocument);
  if (tokens.length === 0) return <p className="muted">No access tokens.</p>;
  return (
    <>
      {result.error && <ErrorMessage error={result.error} />}
      <ul className="plain">
        {tokens.map((token) => (
          <li key={token.databaseId} className="settings-item">
            <div>
              <strong>{token.name}</strong> <code className="muted">…{token.tokenLastEight}</code>
              <div className="muted">
                {token.scopes.join(', ')} · added <TimeAgo iso={token.createdAt} />
                {token.lastUsedAt ? <> · last used <TimeAgo iso={token.lastUsedAt} /></> : ' · never used'}
                {token.expiresAt && <> · expires <TimeAgo iso={token.expiresAt} /></>}
              </div>
            </div>
            <button
              type="button"
              className="danger"
              disabled={result.fetching}
              aria-label={`Delete token ${token.name}`}
              onClick={() => {
                if (window.confirm(`Delete the token “${token.name}”? Whatever uses it stops working.`))
                  void remove({ login, idOrName: String(token.databaseId) }).then((r) => !r.error && onDeleted());
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function NewTokenForm({ login, onCreated }: { login: string; onCreated: (token: { name: string; secret: string }) => void }) {
  const [result, create] = useMutation(CreateAccessTokenDocument);
  const [noScope, setNoScope] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const chosen = CATEGORIES.flatMap((c) => {
      const level = String(form.get(`scope-${c}`) ?? '');
      return level ? [`${level}:${c}`] : [];
    });
    setNoScope(chosen.length === 0);
    if (chosen.length === 0) return;
    if (form.get('publicOnly') === 'on') chosen.push('public-only');
    const expiry = String(form.get('expiresAt') ?? '');
    const outcome = await create({
      login,
      input: {
        name: String(form.get('name')),
        scopes: chosen,
        // The end of the chosen day, in UTC.
        expiresAt: expiry ? new Date(`${expiry}T23:59:59Z`).toISOString() : null,
      },
    });
    if (outcome.data) {
      formElement.reset();
      onCreated({ name: outcome.data.createAccessToken.accessToken.name, secret: outcome.data.createAccessToken.secret });
    }
  }

  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      <label>
        Token name
        <input name="name" required maxLength={255} />
      </label>
      <fieldset className="scope-grid">
        <legend>Permissions</legend>
        {CATEGORIES.map((c) => (
          <label key={c}>
            {c}
            <select name={`scope-${c}`} defaultValue="">
              <option value="">No access</option>
              <option value="read">Read</option>
              <option value="write">Read and write</option>
            </select>
          </label>
        ))}
      </fieldset>
      <label className="inline">
        <input name="publicOnly" type="checkbox" /> Public repositories and organizations only
      </label>
      <label>
        Expires at the end of (optional)
        <input name="expiresAt" type="date" />
      </label>
      {noScope && <ErrorMessage error="Choose at least one permission." />}
      {result.error && <ErrorMessage error={result.error} />}
      <div>
        <button type="submit" className="primary" disabled={result.fetching}>
          Generate token
        </button>
      </div>
    </form>
  );
}
