import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from 'urql';
import { RedeliverRepositoryWebhookDocument, TestRepositoryWebhookDocument, WebhookDeliveryRequestDocument, type RepositoryWebhookQuery } from '../../../__generated__/pages/repo/settings/settings.ts';
import { ErrorMessage, Loading } from '../../../components/Status.tsx';
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
                <OpenOnce>
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
                    <dt>Response status</dt>
                    <dd>{d.responseStatus ?? 'no answer'}</dd>
                    <dt>Response body</dt>
                    <dd>
                      <pre tabIndex={0}>{d.responseBody || '(empty)'}</pre>
                    </dd>
                  </dl>
                  <DeliveryRequest hookId={hookId} deliveryId={d.databaseId} />
                  <button type="button" onClick={() => void sendAgain(d.databaseId)} disabled={redelivery.fetching}>
                    Redeliver
                  </button>
                </OpenOnce>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A <details> whose content is made the first time it opens: the request of a delivery is read only when looked at. */
function OpenOnce({ children }: { children: [ReactNode, ...ReactNode[]] }) {
  const [opened, setOpened] = useState(false);
  const [summary, ...rest] = children;
  return (
    <details onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      {summary}
      {opened && rest}
    </details>
  );
}

/** The request a delivery made: method, URL, headers and body. */
function DeliveryRequest({ hookId, deliveryId }: { hookId: number; deliveryId: number }) {
  const names = useRepositoryName();
  const [{ data, error, fetching }] = useQuery({ query: WebhookDeliveryRequestDocument, variables: { ...names, hook: hookId, delivery: deliveryId } });
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading label="Loading the request" />;
  const request = data?.repository?.webhook?.deliveryRequest;
  if (!request) return null;
  if (request.notSent) return <p className="muted">{request.notSent}</p>;
  return (
    <dl className="delivery-facts">
      <dt>Request</dt>
      <dd className="mono">
        {request.method} {request.url}
      </dd>
      <dt>Request headers</dt>
      <dd>
        <pre tabIndex={0}>{request.headers.map((h) => `${h.name}: ${h.value}`).join('\n')}</pre>
      </dd>
      <dt>Request body</dt>
      <dd>
        <pre tabIndex={0}>{request.body || '(empty)'}</pre>
      </dd>
    </dl>
  );
}
