import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { AdminDeleteUserDocument, AdminUpdateUserDocument, AdminUserDocument, type AdminUserQuery, type Visibility } from '../../__generated__/pages/admin/admin.ts';
import { ErrorMessage, Loading, NotFound } from '../../components/Status.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';

type AdminUser = AdminUserQuery['users']['nodes'][number];

/** /-/admin/users/:id/edit: a person's account as an admin changes it, and its deletion. */
export default function UserEdit() {
  const id = Number(useParams().id);
  const [{ data, error }] = useQuery({ query: AdminUserDocument, variables: { id }, pause: !Number.isInteger(id) });
  if (!Number.isInteger(id)) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading />;
  const user = data.users.nodes[0];
  if (!user) return <NotFound />;
  return (
    <section aria-labelledby="admin-edit-user-title" className="admin-form">
      <p>
        <Link to="/-/admin/users">← User accounts</Link>
      </p>
      <h1 id="admin-edit-user-title">
        Edit user account <Link to={`/${user.login}`}>{user.login}</Link>
      </h1>
      <EditForm user={user} key={user.databaseId} />
      <DeleteUser login={user.login} />
    </section>
  );
}

function EditForm({ user }: { user: AdminUser }) {
  const created = (useLocation().state as { created?: boolean } | null)?.created;
  const [result, update] = useMutation(AdminUpdateUserDocument);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    const outcome = await update({
      login: user.login,
      input: {
        fullName: String(form.get('fullName')),
        email: String(form.get('email')).trim(),
        visibility: String(form.get('visibility')) as Visibility,
        isAdmin: form.get('isAdmin') === 'on',
        isActive: form.get('isActive') === 'on',
        prohibitLogin: form.get('prohibitLogin') === 'on',
        restricted: form.get('restricted') === 'on',
        // A password left empty stays as it is; "must change" goes with a new one.
        ...(password ? { password, mustChangePassword: form.get('mustChangePassword') === 'on' } : {}),
      },
    });
    if (outcome.data) setSaved(true);
  }

  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      {created && !saved && !result.error && (
        <p className="success" role="status">
          The account {user.login} was created.
        </p>
      )}
      <label>
        Full name
        <input name="fullName" defaultValue={user.fullName} maxLength={100} />
      </label>
      <label>
        E-mail address
        <input name="email" type="email" required defaultValue={user.email} />
      </label>
      <label>
        Visibility
        <select name="visibility" defaultValue={user.visibility}>
          <option value="public">Public</option>
          <option value="limited">Limited (signed-in people only)</option>
          <option value="private">Private</option>
        </select>
      </label>
      <fieldset className="stack">
        <legend>Permissions and state</legend>
        <label className="inline">
          <input name="isActive" type="checkbox" defaultChecked={user.active} />
          Active (the account is activated)
        </label>
        <label className="inline">
          <input name="prohibitLogin" type="checkbox" defaultChecked={user.prohibitLogin} />
          Prohibit sign-in
        </label>
        <label className="inline">
          <input name="isAdmin" type="checkbox" defaultChecked={user.isAdmin} />
          Site administrator
        </label>
        <label className="inline">
          <input name="restricted" type="checkbox" defaultChecked={user.restricted} />
          Restricted (sees only what they are given)
        </label>
      </fieldset>
      <fieldset className="stack">
        <legend>Password</legend>
        <label>
          New password (leave empty to keep the current one)
          <input name="password" type="password" autoComplete="new-password" />
        </label>
        <label className="inline">
          <input name="mustChangePassword" type="checkbox" />
          Must change the new password at next sign-in
        </label>
      </fieldset>
      {result.error && <ErrorMessage error={result.error} />}
      <div className="row">
        <button type="submit" className="primary" disabled={result.fetching}>
          Update user account
        </button>
        <span role="status">{result.fetching ? 'Saving…' : saved ? 'Saved.' : ''}</span>
      </div>
    </form>
  );
}

function DeleteUser({ login }: { login: string }) {
  const [result, remove] = useMutation(AdminDeleteUserDocument);
  const [purge, setPurge] = useState(false);
  const navigate = useNavigate();
  async function confirm() {
    const outcome = await remove({ login, purge });
    if (outcome.data?.deleteUser) void navigate('/-/admin/users');
  }
  return (
    <section aria-labelledby="admin-delete-user-title" className="box admin-danger">
      <header>
        <h2 id="admin-delete-user-title">Delete user account</h2>
      </header>
      <div className="body stack">
        <p>The account goes for good. Without purging, an account that still owns repositories is not deleted.</p>
        <label className="inline">
          <input type="checkbox" checked={purge} onChange={(e) => setPurge(e.target.checked)} />
          Purge: also delete the repositories it owns
        </label>
        <ConfirmButton
          label="Delete user account"
          question={`Delete ${login}${purge ? ' and its repositories' : ''}? This cannot be undone.`}
          confirmLabel="Yes, delete"
          busy={result.fetching}
          onConfirm={() => void confirm()}
        />
        {result.error && <ErrorMessage error={result.error} />}
      </div>
    </section>
  );
}
