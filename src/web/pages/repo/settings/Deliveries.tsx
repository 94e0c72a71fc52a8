import { useMutation } from 'urql';
import { RedeliverRepositoryWebhookDocument, TestRepositoryWebhookDocument, type RepositoryWebhookQuery } from '../../../__generated__/graphql.ts';
import { ErrorMessage } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { useRepositoryName } from '../RepoLayout.tsx';

type DeliveryLog = NonNullable<NonNullable<RepositoryWebhookQuery['repository']>['webhook']>['deliveries'];

/** What became of a delivery, in a word. */
function outcome(d: DeliveryLog['nodes'][number]): { text: string; className: string } {
  if (d.succeeded) return { text: `${d.responseStatus ?? ''} delivered`.trim(), className: 'success' };
  if (d.delivered) return { text: `${d.responseStatus ?? 'no answer'}: failed`, className: 'error' };
  if (d.attempts > 0) return { text: `${d.responseStatus ?? 'no answer'}: retrying`, className: 'error' };
  return { text: 'pending', className: 'muted' };
}

/** A hook's recent deliveries, newest first, each opening on its answer; with a test delivery and redelivery. */
export function Deliveries({ hookId, deliveries, refresh }: { hookId: number; deliveries: DeliveryLog; refresh: () => void }) {
  const variables = useRepositoryName();
  const [test, runTest] = useMutation(TestRepositoryWebhookDocument);
  const [redelivery, redeliver] = useMutation(RedeliverRepositoryWebhookDocument);
  async function sendTest() {
    if ((await runTest({ ...variables, id: hookId })).data) refresh();
  }
  async function sendAgain(id: number) {
    if ((await redeliver({ id })).data) refresh();
  }
  return (
    <section aria-labelledby="deliveries-title">
      <div className="row settings-heading">
        <h2 id="deliveries-title">
          Recent deliveries <span className="count">{deliveries.totalCount}</span>
        </h2>
        <div className="row">
          <button type="button" onClick={refresh}>
            Refresh
          </button>
          <button type="button" onClick={() => void sendTest()} disabled={test.fetching}>
            Test delivery
          </button>
        </div>
      </div>
      {test.fetching && (
        <p role="status" className="muted">
          <span className="spinner" aria-hidden="true" /> Sending a test delivery…
        </p>
      )}
      {test.error && <ErrorMessage error={test.error} />}
      {redelivery.error && <ErrorMessage error={redelivery.error} />}
      {deliveries.nodes.length === 0 ? (
        <p className="muted">Nothing has been delivered yet.</p>
      ) : (
        <ul className="plain deliveries">
          {deliveries.nodes.map((d) => {
            const state = outcome(d);
            return (
              <li key={d.databaseId} className="delivery">
                <details>
                  <summary>
                    <span className={state.className}>{state.text}</span> <span className="mono">{d.uuid}</span> {d.eventType}{' '}
                    <TimeAgo iso={d.createdAt} />
                  </summary>
                  <dl className="delivery-facts">
                    <dt>Event</dt>
                    <dd>
                      {d.event} ({d.eventType})
                    </dd>
                    <dt>Attempts</dt>
                    <dd>{d.attempts}</dd>
                    <dt>Event headers sent</dt>
                    <dd>
                      <pre>{`X-Gitea-Delivery: ${d.uuid}\nX-Gitea-Event: ${d.event}\nX-Gitea-Event-Type: ${d.eventType}`}</pre>
                    </dd>
                    <dt>Response status</dt>
                    <dd>{d.responseStatus ?? 'no answer'}</dd>
                    <dt>Response body</dt>
                    <dd>
                      <pre>{d.responseBody || '(empty)'}</pre>
                    </dd>
                  </dl>
                  <button type="button" onClick={() => void sendAgain(d.databaseId)} disabled={redelivery.fetching}>
                    Redeliver
                  </button>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
