import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { DisableTwoFactorDocument, EnableTwoFactorDocument, SettingsSecurityDocument } from '../../__generated__/pages/settings/security.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { CopyButton } from './CopyButton.tsx';

export default function SecuritySettings() {
  const [{ data, error }, refetch] = useQuery({ query: SettingsSecurityDocument, requestPolicy: 'cache-and-network' });
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <section aria-labelledby="security-title">
      <h1 id="security-title">Security</h1>
      <h2>Two-factor authentication</h2>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data?.viewer ? (
        <Loading />
      ) : setup ? (
        <NewSecret {...setup} onDone={() => setSetup(null)} />
      ) : data.viewer.twoFactorEnabled ? (
        <Disable onDisabled={reload} />
      ) : (
        <Enable
          onEnabled={(s) => {
            setSetup(s);
            reload();
          }}
        />
      )}
    </section>
  );
}

function Enable({ onEnabled }: { onEnabled: (setup: { secret: string; uri: string }) => void }) {
  const [result, enable] = useMutation(EnableTwoFactorDocument);
  return (
    <div className="stack">
      <p>Two-factor authentication is off. With it on, signing in asks for a passcode from an authenticator app after your password.</p>
      {result.error && <ErrorMessage error={result.error} />}
      <div>
        <button
          type="button"
          className="primary"
          disabled={result.fetching}
          onClick={() => void enable({}).then((r) => r.data && onEnabled(r.data.enableTwoFactor))}
        >
          Enable two-factor authentication
        </button>
      </div>
    </div>
  );
}

/** The secret of a new set-up, as a QR code and as text: shown this once. */
function NewSecret({ secret, uri, onDone }: { secret: string; uri: string; onDone: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const [qrError, setQrError] = useState<Error | null>(null);
  useEffect(() => {
    // The QR code library loads only here, never with the first page.
    import('qrcode')
      .then((QRCode) => QRCode.toString(uri, { type: 'svg', margin: 2 }))
      .then((svg) => setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`), setQrError);
  }, [uri]);
  return (
    <div className="stack">
      <p className="success">Two-factor authentication is on.</p>
      <p>
        <strong>Scan this code with your authenticator app now, or type the secret in: neither is shown again.</strong> From now on,
        signing in asks for the app’s passcode.
      </p>
      {qrError ? <ErrorMessage error={qrError} /> : qr ? <img className="qr-code" src={qr} alt="QR code of the two-factor secret" width={220} height={220} /> : <Loading label="Drawing the QR code" />}
      <div className="row">
        <span>Secret:</span>
        <code data-testid="totp-secret">{secret}</code>
        <CopyButton text={secret} label="Copy secret" />
      </div>
      <div>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

function Disable({ onDisabled }: { onDisabled: () => void }) {
  const [result, disable] = useMutation(DisableTwoFactorDocument);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const outcome = await disable({ passcode: String(form.get('passcode')) });
    if (outcome.data?.disableTwoFactor) onDisabled();
  }
  return (
    <form className="stack" onSubmit={(e) => void submit(e)}>
      <p>Two-factor authentication is on.</p>
      <label>
        Passcode from your authenticator app
        <input name="passcode" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required />
      </label>
      {result.error && <ErrorMessage error={result.error} />}
      <div>
        <button type="submit" className="danger" disabled={result.fetching}>
          Disable two-factor authentication
        </button>
      </div>
    </form>
  );
}
