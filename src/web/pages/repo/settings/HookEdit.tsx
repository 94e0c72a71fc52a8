import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CreateRepositoryWebhookDocument, EditRepositoryWebhookDocument, RepositoryWebhookDocument, type WebhookEventMode, type WebhookFieldsFragment } from '../../../__generated__/pages/repo/settings/settings.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { Deliveries } from './Deliveries.tsx';

/** The hook types that need no more than a URL here (Slack also takes its channel). */
const TYPES = ['gitea', 'gogs', 'slack', 'discord', 'msteams', 'dingtalk', 'feishu', 'wechatwork'];

/** Gitea's events as its form groups them. */
const EVENTS: [string, string][] = [
  ['create', 'Branch or tag created'],
  ['delete', 'Branch or tag deleted'],
  ['fork', 'Fork'],
  ['push', 'Push'],
  ['issues', 'Issues'],
  ['issue_comment', 'Issue comments'],
  ['pull_request', 'Pull requests'],
  ['pull_request_comment', 'Pull request comments'],
  ['pull_request_review', 'Pull request reviews'],
  ['pull_request_sync', 'Pull request synchronized'],
  ['wiki', 'Wiki'],
  ['repository', 'Repository created or deleted'],
  ['release', 'Release'],
  ['status', 'Commit status'],
];

/** A new webhook (/settings/hooks/new), or one to edit with its delivery log (/settings/hooks/:id). */
export default function HookEdit() {
  const variables = useRepositoryName();
  const { id } = useParams();
  const hookId = Number(id);
  const existing = id !== undefined;
  const [{ data, error, fetching }, refetch] = useQuery({ query: RepositoryWebhookDocument, variables: { ...variables, id: hookId }, pause: !existing || !Number.isInteger(hookId) });
  if (!existing) return <HookForm />;
  if (!Number.isInteger(hookId)) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const hook = data?.repository?.webhook;
  if (!hook) return <NotFound />;
  return (
    <>
      <HookForm hook={hook} />
      <Deliveries hookId={hook.databaseId} deliveries={hook.deliveries} refresh={() => refetch({ requestPolicy: 'network-only' })} />
    </>
  );
}

function HookForm({ hook }: { hook?: WebhookFieldsFragment }) {
  const variables = useRepositoryName();
  const repo = useRepository();
  const navigate = useNavigate();
  const [type, setType] = useState(hook?.type ?? 'gitea');
  const [mode, setMode] = useState<WebhookEventMode>(hook?.eventMode ?? 'push_only');
  const [created, create] = useMutation(CreateRepositoryWebhookDocument);
  const [edited, edit] = useMutation(EditRepositoryWebhookDocument);
  const [saved, setSaved] = useState(false);
  const failure = created.error ?? edited.error;
  const channel = hook?.settings.find((s) => s.name === 'channel')?.value ?? '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const secret = String(form.get('secret') ?? '');
    const common = {
      url: String(form.get('url')).trim(),
      contentType: String(form.get('contentType')),
      httpMethod: String(form.get('httpMethod')),
      branchFilter: String(form.get('branchFilter')).trim(),
      active: form.get('active') === 'on',
      eventMode: mode,
      events: mode === 'choose_events' ? form.getAll('events').map(String) : undefined,
      settings: type === 'slack' ? [{ name: 'channel', value: String(form.get('channel')).trim() }] : undefined,
      // An edit leaves the secret as it was unless a new one is typed: it is never shown.
      secret: hook && !secret ? undefined : secret,
    };
    if (hook) {
      const outcome = await edit({ ...variables, id: hook.databaseId, input: common });
      if (outcome.data) setSaved(true);
    } else {
      const outcome = await create({ ...variables, input: { ...common, type } });
      const made = outcome.data?.createWebhook;
      if (made) void navigate(`/${repo.fullName}/settings/hooks/${made.databaseId}`);
    }
  }

  return (
    <section aria-labelledby="hook-title">
      <h2 id="hook-title">{hook ? 'Edit webhook' : 'Add webhook'}</h2>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label>
          Type
          <select name="type" value={type} onChange={(e) => setType(e.target.value)} disabled={!!hook}>
            {(hook && !TYPES.includes(hook.type) ? [hook.type, ...TYPES] : TYPES).map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Target URL
          <input name="url" type="url" required defaultValue={hook?.url} />
        </label>
        {type === 'slack' && (
          <label>
            Channel
            <input name="channel" required defaultValue={channel} placeholder="#general" />
          </label>
        )}
        <div className="row">
          <label>
            HTTP method
            <select name="httpMethod" defaultValue={hook?.httpMethod ?? 'POST'}>
              {['POST', 'GET', 'PUT', 'PATCH'].map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </label>
          <label>
            Content type
            <select name="contentType" defaultValue={hook?.contentType ?? 'json'}>
              <option value="json">application/json</option>
              <option value="form">application/x-www-form-urlencoded</option>
            </select>
          </label>
        </div>
        <label>
          Secret
          <input name="secret" type="password" autoComplete="new-password" placeholder={hook ? 'Unchanged unless typed' : ''} />
        </label>
        <fieldset>
          <legend>Events</legend>
          <label className="inline">
            <input type="radio" name="eventMode" checked={mode === 'push_only'} onChange={() => setMode('push_only')} /> Push events only
          </label>
          <label className="inline">
            <input type="radio" name="eventMode" checked={mode === 'send_everything'} onChange={() => setMode('send_everything')} /> All
            events
          </label>
          <label className="inline">
            <input type="radio" name="eventMode" checked={mode === 'choose_events'} onChange={() => setMode('choose_events')} /> Chosen
            events
          </label>
          {mode === 'choose_events' && (
            <fieldset className="hook-events">
              <legend>Events to send</legend>
              {EVENTS.map(([event, label]) => (
                <label className="inline" key={event}>
                  <input type="checkbox" name="events" value={event} defaultChecked={hook?.chosenEvents.includes(event)} /> {label}
                </label>
              ))}
            </fieldset>
          )}
        </fieldset>
        <label>
          Branch filter
          <input name="branchFilter" defaultValue={hook?.branchFilter} placeholder="* (every branch)" />
        </label>
        <label className="inline">
          <input name="active" type="checkbox" defaultChecked={hook?.active ?? true} /> Active: deliver events
        </label>
        {failure && <ErrorMessage error={failure} />}
        <div className="row">
          <button type="submit" className="primary" disabled={created.fetching || edited.fetching}>
            {hook ? 'Update webhook' : 'Add webhook'}
          </button>
          <span role="status" className="success">
            {saved ? 'Saved.' : ''}
          </span>
        </div>
      </form>
    </section>
  );
}
