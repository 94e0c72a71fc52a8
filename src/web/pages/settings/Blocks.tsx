import type { FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { SettingsBlocksDocument, SettingsBlockUserDocument, SettingsUnblockUserDocument, type SettingsBlocksQuery } from '../../__generated__/pages/settings/blocks.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';

type Blocks = NonNullable<SettingsBlocksQuery['viewer']>['blocks'];

/** The people the viewer blocks (Gitea's /user/settings/blocked_users): block one by name with a note, lift a block. */
export default function BlockedUsers() {
  const [{ data, error }, refetch] = useQuery({ query: SettingsBlocksDocument, requestPolicy: 'cache-and-network' });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <section aria-labelledby="blocks-title">
      <h1 id="blocks-title">Blocked users</h1>
      <p className="muted">
        A blocked person cannot follow you, star, watch or fork your repositories, open or comment on their issues and pull requests, or be
        added to them. Blocking also ends your follows of each other and their stars, watches and collaborations on your repositories.
      </p>
      <BlockForm onBlocked={reload} />
      {error ? <ErrorMessage error={error} /> : !data?.viewer ? <Loading /> : <BlockList blocks={data.viewer.blocks} onChange={reload} />}
    </section>
  );
}

function BlockForm({ onBlocked }: { onBlocked: () => void }) {
  const [result, block] = useMutation(SettingsBlockUserDocument);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const note = String(form.get('note')).trim();
    const outcome = await block({ login: String(form.get('login')).trim(), note: note || null });
    if (outcome.data) {
      formElement.reset();
      onBlocked();
    }
  }
  return (
    <form className="stack" aria-label="Block a user" onSubmit={(e) => void submit(e)}>
      <label>
        User name
        <input name="login" required autoComplete="off" spellCheck={false} />
      </label>
      <label>
        Note (only you see it)
        <input name="note" maxLength={255} />
      </label>
      {result.error && <ErrorMessage error={result.error} />}
      <div>
        <button type="submit" className="danger" disabled={result.fetching}>
          Block user
        </button>
      </div>
    </form>
  );
}

function BlockList({ blocks, onChange }: { blocks: Blocks; onChange: () => void }) {
  const [result, unblock] = useMutation(SettingsUnblockUserDocument);
  if (blocks.nodes.length === 0) return <p className="muted">You block nobody.</p>;
  return (
    <>
      {result.error && <ErrorMessage error={result.error} />}
      <ul className="plain" aria-label="Blocked users">
        {blocks.nodes.map((b) => (
          <li key={b.user.id} className="settings-item">
            <div>
              <img src={b.user.avatarUrl} alt="" width={24} height={24} /> <strong>{b.user.login}</strong>
              {b.note && <div>{b.note}</div>}
              <div className="muted">
                blocked <TimeAgo iso={b.createdAt} />
              </div>
            </div>
            <button
              type="button"
              disabled={result.fetching}
              aria-label={`Unblock ${b.user.login}`}
              onClick={() => void unblock({ login: b.user.login }).then((r) => !r.error && onChange())}
            >
              Unblock
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
