import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { AnswerOAuth2AuthorizationDocument, OAuth2ConsentDocument } from '../../__generated__/pages/oauth2/authorize.ts';
import { useViewer } from '../../app/viewer.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';

/**
 * The consent page of an OAuth2 authorization request (the server checked the client and its redirect URI
 * before handing this URL to the page, and checks them again when the answer comes).
 */
export default function Authorize() {
  const viewer = useViewer();
  const location = useLocation();
  const [params] = useSearchParams();
  const clientId = params.get('client_id') ?? '';
  const [{ data, error }] = useQuery({ query: OAuth2ConsentDocument, variables: { clientId }, pause: !viewer });
  const [answer, send] = useMutation(AnswerOAuth2AuthorizationDocument);
  if (!viewer) return <Navigate to={`/user/login?redirect_to=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading />;
  if (!data.oauth2Client) return <ErrorMessage error="No application has this client id." />;
  const app = data.oauth2Client;
  const scopes = (params.get('scope') ?? '').split(/\s+/).filter(Boolean);

  async function reply(granted: boolean) {
    const outcome = await send({
      granted,
      request: {
        clientId,
        redirectUri: params.get('redirect_uri') ?? '',
        responseType: params.get('response_type'),
        state: params.get('state'),
        scope: params.get('scope'),
        nonce: params.get('nonce'),
        codeChallenge: params.get('code_challenge'),
        codeChallengeMethod: params.get('code_challenge_method'),
      },
    });
    // The application's page, with the code (or the refusal): a full navigation away from this site.
    if (outcome.data) window.location.assign(outcome.data.answerOAuth2Authorization);
  }

  return (
    <section className="narrow" aria-labelledby="consent-title">
      <h1 id="consent-title">Authorize “{app.name}”?</h1>
      <div className="box">
        <div className="body stack">
          <p>
            <strong>{app.name}</strong>, an application registered by @{app.ownerLogin}, asks to act as your account <strong>{viewer.login}</strong>.
          </p>
          {scopes.length > 0 && (
            <p>
              It asks for: <code>{scopes.join(' ')}</code>
            </p>
          )}
          <p className="muted">
            Once you authorize it, you are sent to <code>{params.get('redirect_uri')}</code>. You can take the authorization back in your settings, under
            Applications.
          </p>
          {answer.error && <ErrorMessage error={answer.error} />}
          <div className="row">
            <button type="button" className="primary" disabled={answer.fetching} onClick={() => void reply(true)}>
              Authorize application
            </button>
            <button type="button" disabled={answer.fetching} onClick={() => void reply(false)}>
              Cancel
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
