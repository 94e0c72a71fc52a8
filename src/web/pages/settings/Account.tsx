import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { ChangePasswordDocument } from '../../__generated__/pages/settings/account.ts';
import { ErrorMessage } from '../../components/Status.tsx';

/** Changing the password; every session ends with it, this one too, so the person signs in again. */
export default function AccountSettings() {
  const [result, change] = useMutation(ChangePasswordDocument);
  const [mismatch, setMismatch] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get('newPassword'));
    const same = newPassword === String(form.get('confirmPassword'));
    setMismatch(!same);
    if (!same) return;
    const outcome = await change({ oldPassword: String(form.get('oldPassword')), newPassword });
    // A full load: the session is gone, and the shell reads the (now anonymous) viewer again.
    if (outcome.data?.changePassword) window.location.assign('/user/login');
  }

  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Account</h1>
      <h2>Change password</h2>
      <p className="muted">Every session of your account ends, this one too: you sign in again with the new password.</p>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label>
          Current password
          <input name="oldPassword" type="password" autoComplete="current-password" required />
        </label>
        <label>
          New password
          <input name="newPassword" type="password" autoComplete="new-password" minLength={8} required />
        </label>
        <label>
          New password again
          <input name="confirmPassword" type="password" autoComplete="new-password" minLength={8} required />
        </label>
        {mismatch && <ErrorMessage error="The two new passwords differ." />}
        {result.error && <ErrorMessage error={result.error} />}
        <div>
          <button type="submit" className="primary" disabled={result.fetching}>
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
