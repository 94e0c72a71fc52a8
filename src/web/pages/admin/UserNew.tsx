import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { AdminCreateUserDocument } from '../../__generated__/pages/admin/admin.ts';
import { ErrorMessage } from '../../components/Status.tsx';

/** /-/admin/users/new: a new person's account, with a first password they may be made to change. */
export default function UserNew() {
  const [result, create] = useMutation(AdminCreateUserDocument);
  const navigate = useNavigate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const outcome = await create({
      input: {
        login: String(form.get('login')).trim(),
        email: String(form.get('email')).trim(),
        password: String(form.get('password')),
        mustChangePassword: form.get('mustChangePassword') === 'on',
      },
    });
    if (outcome.data) void navigate(`/-/admin/users/${outcome.data.createUser.databaseId}/edit`, { state: { created: true } });
  }

  return (
    <section aria-labelledby="admin-new-user-title" className="admin-form">
      <p>
        <Link to="/-/admin/users">← User accounts</Link>
      </p>
      <h1 id="admin-new-user-title">Create user account</h1>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label>
          User name
          <input name="login" required autoComplete="off" maxLength={40} />
        </label>
        <label>
          E-mail address
          <input name="email" type="email" required autoComplete="off" />
        </label>
        <label>
          Password
          <input name="password" type="password" required autoComplete="new-password" />
        </label>
        <label className="inline">
          <input name="mustChangePassword" type="checkbox" defaultChecked />
          Must change password at next sign-in
        </label>
        {result.error && <ErrorMessage error={result.error} />}
        <div>
          <button type="submit" className="primary" disabled={result.fetching}>
            Create user account
          </button>
        </div>
        {result.fetching && <span role="status">Creating…</span>}
      </form>
    </section>
  );
}
