import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from 'urql';
import { SignInDocument } from '../../__generated__/pages/sign-in/sign-in.ts';
import { ErrorMessage } from '../../components/Status.tsx';

/** Where to go after signing in: a path of this site only, never another site (no open redirect). */
function localPath(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}

export default function SignIn() {
  const [params] = useSearchParams();
  const [result, signIn] = useMutation(SignInDocument);
  const [askPasscode, setAskPasscode] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const outcome = await signIn({
      login: String(form.get('login')),
      password: String(form.get('password')),
      passcode: askPasscode ? String(form.get('passcode')) : null,
      remember: form.get('remember') === 'on',
    });
    if (outcome.data?.signIn.passcodeRequired) setAskPasscode(true);
    // A full load: the live connection opens again, now with the session.
    else if (outcome.data?.signIn.viewer) window.location.assign(localPath(params.get('redirect_to')));
  }

  return (
    <section className="narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in</h1>
      <form onSubmit={(e) => void submit(e)} className="stack">
        <label>
          User name or e-mail address
          <input name="login" autoComplete="username" required autoFocus readOnly={askPasscode} />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required readOnly={askPasscode} />
        </label>
        {askPasscode && (
          <label>
            Two-factor passcode
            <input name="passcode" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required autoFocus />
          </label>
        )}
        <label className="inline">
          <input name="remember" type="checkbox" /> Keep me signed in
        </label>
        {result.error && <ErrorMessage error={result.error} />}
        <button type="submit" className="primary" disabled={result.fetching}>
          {askPasscode ? 'Verify' : 'Sign in'}
        </button>
      </form>
    </section>
  );
}
