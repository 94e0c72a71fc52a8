import type { FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { AddGpgKeyDocument, AddPublicKeyDocument, DeleteGpgKeyDocument, DeletePublicKeyDocument, SettingsKeysDocument, type SettingsKeysQuery } from '../../__generated__/pages/settings/keys.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';

type Viewer = NonNullable<SettingsKeysQuery['viewer']>;

export default function KeySettings() {
  const [{ data, error }, refetch] = useQuery({ query: SettingsKeysDocument, requestPolicy: 'cache-and-network' });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">SSH and GPG keys</h1>
      {error ? <ErrorMessage error={error} /> : !data?.viewer ? <Loading /> : <KeyLists viewer={data.viewer} onChange={reload} />}
    </section>
  );
}

function KeyLists({ viewer, onChange }: { viewer: Viewer; onChange: () => void }) {
  return (
    <>
      <section aria-labelledby="ssh-title">
        <h2 id="ssh-title">SSH keys</h2>
        <SshKeys keys={viewer.publicKeys.nodes} onChange={onChange} />
        <AddSshKey onAdded={onChange} />
      </section>
      <section aria-labelledby="gpg-title">
        <h2 id="gpg-title">GPG keys</h2>
        <GpgKeys keys={viewer.gpgKeys.nodes} onChange={onChange} />
        <AddGpgKey onAdded={onChange} />
      </section>
    </>
  );
}

function SshKeys({ keys, onChange }: { keys: Viewer['publicKeys']['nodes']; onChange: () => void }) {
  const [result, remove] = useMutation(DeletePublicKeyDocument);
  if (keys.length === 0) return <p className="muted">No SSH keys.</p>;
  return (
    <>
      {result.error && <ErrorMessage error={result.error} />}
      <ul className="plain">
        {keys.map((key) => (
          <li key={key.databaseId} className="settings-item">
            <div>
              <strong>{key.title}</strong>
              <div>
                <code className="fingerprint">{key.fingerprint}</code>
              </div>
              <div className="muted">
                {key.algorithm} {key.bits > 0 && `${key.bits} bits`} · added <TimeAgo iso={key.createdAt} />
              </div>
            </div>
            <button
              type="button"
              className="danger"
              disabled={result.fetching}
              aria-label={`Delete SSH key ${key.title}`}
              onClick={() => {
                if (window.confirm(`Delete the SSH key “${key.title}”?`)) void remove({ id: key.databaseId }).then((r) => !r.error && onChange());
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

function AddSshKey({ onAdded }: { onAdded: () => void }) {
  const [result, add] = useMutation(AddPublicKeyDocument);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const outcome = await add({ input: { title: String(form.get('title')), key: String(form.get('key')).trim() } });
    if (outcome.data) {
      formElement.reset();
      onAdded();
    }
  }
  return (
    <details className="settings-add">
      <summary>Add an SSH key</summary>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label>
          Key name
          <input name="title" required maxLength={50} />
        </label>
        <label>
          SSH public key
          <textarea name="key" required placeholder="ssh-ed25519 AAAA… you@example.com" spellCheck={false} />
        </label>
        {result.error && <ErrorMessage error={result.error} />}
        <div>
          <button type="submit" className="primary" disabled={result.fetching}>
            Add SSH key
          </button>
        </div>
      </form>
    </details>
  );
}

function GpgKeys({ keys, onChange }: { keys: Viewer['gpgKeys']['nodes']; onChange: () => void }) {
  const [result, remove] = useMutation(DeleteGpgKeyDocument);
  if (keys.length === 0) return <p className="muted">No GPG keys.</p>;
  return (
    <>
      {result.error && <ErrorMessage error={result.error} />}
      <ul className="plain">
        {keys.map((key) => (
          <li key={key.databaseId} className="settings-item">
            <div>
              <strong>
                <code>{key.keyId}</code>
              </strong>{' '}
              <span className="label">{key.verified ? 'verified' : 'not verified'}</span>
              <div className="muted">
                {key.emails.map((e) => e.email).join(', ') || 'no verified address'}
                {key.subkeys.length > 0 && <> · subkeys {key.subkeys.map((s) => s.keyId).join(', ')}</>}
              </div>
              <div className="muted">
                added <TimeAgo iso={key.addedAt} />
                {key.expiresAt && <> · expires <TimeAgo iso={key.expiresAt} /></>}
              </div>
            </div>
            <button
              type="button"
              className="danger"
              disabled={result.fetching}
              aria-label={`Delete GPG key ${key.keyId}`}
              onClick={() => {
                if (window.confirm(`Delete the GPG key ${key.keyId} and its subkeys?`)) void remove({ id: key.databaseId }).then((r) => !r.error && onChange());
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

function AddGpgKey({ onAdded }: { onAdded: () => void }) {
  const [result, add] = useMutation(AddGpgKeyDocument);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const outcome = await add({ input: { armoredPublicKey: String(form.get('armoredPublicKey')) } });
    if (outcome.data) {
      formElement.reset();
      onAdded();
    }
  }
  return (
    <details className="settings-add">
      <summary>Add a GPG key</summary>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <p className="muted">The key needs an address that is a verified address of your account.</p>
        <label>
          Armored GPG public key
          <textarea name="armoredPublicKey" required placeholder="-----BEGIN PGP PUBLIC KEY BLOCK-----" spellCheck={false} />
        </label>
        {result.error && <ErrorMessage error={result.error} />}
        <div>
          <button type="submit" className="primary" disabled={result.fetching}>
            Add GPG key
          </button>
        </div>
      </form>
    </details>
  );
}
