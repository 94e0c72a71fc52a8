import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useClient, useMutation, useQuery, useSubscription } from 'urql';
import { CursorPager, useCursorWindow } from '../../components/Paging.tsx';
import { UnreadCountDocument, UnreadCountLiveDocument } from '../../__generated__/app/shell.ts';
import { MarkAllNotificationsReadDocument, MarkNotificationDocument, NotificationsPageDocument, type NotificationsPageQuery } from '../../__generated__/pages/notifications/notifications.ts';
import { useViewer } from '../../app/viewer.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';
import { subjectPath } from './subject.ts';

const PAGE_SIZE = 20;
const TABS = [
  { status: 'unread', title: 'Unread' },
  { status: 'read', title: 'Read' },
  { status: 'pinned', title: 'Pinned' },
] as const;
type Status = (typeof TABS)[number]['status'];
type Thread = NotificationsPageQuery['notifications']['nodes'][number];

/** /notifications: the signed-in account's threads by state, kept current live; a visitor is asked to sign in. */
export default function Notifications() {
  const viewer = useViewer();
  const location = useLocation();
  if (viewer) return <NotificationList />;
  return (
    <section className="narrow" aria-labelledby="notifications-title">
      <h1 id="notifications-title">Notifications</h1>
      <p>
        <Link to={`/user/login?redirect_to=${encodeURIComponent(location.pathname + location.search)}`}>Sign in</Link> to see your notifications.
      </p>
    </section>
  );
}

function NotificationList() {
  const [params] = useSearchParams();
  const status: Status = TABS.find((t) => t.status === params.get('type'))?.status ?? 'unread';
  const variables = { statusTypes: [status], ...useCursorWindow(PAGE_SIZE) };
  const [{ data, error, fetching }, refetch] = useQuery({ query: NotificationsPageDocument, variables });
  // The tab shares the header counter's live subscription: any change of the account's threads (here, in
  // another tab, or someone's comment) reloads the list.
  const [live] = useSubscription({ query: UnreadCountLiveDocument });
  useEffect(() => {
    if (live.data) refetch({ requestPolicy: 'network-only' });
  }, [live.data, refetch]);
  const client = useClient();
  const [marking, mark] = useMutation(MarkNotificationDocument);
  const [markingAll, markAll] = useMutation(MarkAllNotificationsReadDocument);
  const mutationError = marking.error ?? markingAll.error;

  /** After a change here: the list and the header's counter at once, without waiting for the live event. */
  const changed = () => {
    refetch({ requestPolicy: 'network-only' });
    void client.query(UnreadCountDocument, {}, { requestPolicy: 'network-only' }).toPromise();
  };
  const setStatus = (thread: Thread, toStatus: Status) => void mark({ id: thread.databaseId, toStatus }).then((r) => !r.error && changed());
  const list = data?.notifications;

  return (
    <section aria-labelledby="notifications-title" className="notifications">
      <h1 id="notifications-title">Notifications</h1>
      <nav aria-label="Notification states" className="tabs">
        {TABS.map((tab) => (
          <Link key={tab.status} to={`/notifications?type=${tab.status}`} className={tab.status === status ? 'active' : ''} aria-current={tab.status === status ? 'page' : undefined}>
            {tab.title}
          </Link>
        ))}
      </nav>
      <div className="row notifications-bar">
        <span className="muted" role="status">
          {list ? `${list.totalCount} ${status} ${list.totalCount === 1 ? 'thread' : 'threads'}` : ''}
        </span>
        {status === 'unread' && list && list.totalCount > 0 && (
          <button type="button" disabled={markingAll.fetching} onClick={() => void markAll({}).then((r) => !r.error && changed())}>
            Mark all read
          </button>
        )}
      </div>
      {mutationError && <ErrorMessage error={mutationError} />}
      {error && <ErrorMessage error={error} />}
      {!list && fetching && <Loading label="Loading notifications" />}
      {list && list.nodes.length === 0 && <p className="muted">No {status} notifications.</p>}
      {list && list.nodes.length > 0 && (
        <ul className="notification-list plain" aria-label={`${TABS.find((t) => t.status === status)!.title} notifications`}>
          {list.nodes.map((thread) => (
            <ThreadItem key={thread.databaseId} thread={thread} busy={marking.fetching} setStatus={setStatus} />
          ))}
        </ul>
      )}
      {list && <CursorPager pageInfo={list.pageInfo} />}
    </section>
  );
}

const TYPE_NAMES: Record<string, string> = { Issue: 'Issue', Pull: 'Pull request' };

function ThreadItem({ thread, busy, setStatus }: { thread: Thread; busy: boolean; setStatus: (t: Thread, s: Status) => void }) {
  const title = thread.subjectTitle;
  // Each button names its thread for screen readers: a list of "Mark read" buttons alone says nothing.
  const action = (label: string, to: Status) => (
    <button type="button" disabled={busy} aria-label={`${label}: ${title}`} onClick={() => setStatus(thread, to)}>
      {label}
    </button>
  );
  return (
    <li className="notification-item" data-thread={thread.databaseId}>
      <div className="notification-main">
        <span className="muted notification-repo">{thread.repository.fullName}</span>
        <Link to={subjectPath(thread)} className="notification-subject">
          {title}
        </Link>{' '}
        <span className="muted">#{thread.subjectNumber}</span>
        <div className="row muted notification-meta">
          <span className="label">{TYPE_NAMES[thread.subjectType] ?? thread.subjectType}</span>
          <span className={`label state-${thread.subjectState}`}>{thread.subjectState}</span>
          <TimeAgo iso={thread.updatedAt} />
        </div>
      </div>
      <div className="row notification-actions">
        {thread.status === 'unread' && action('Mark read', 'read')}
        {thread.status !== 'unread' && action('Mark unread', 'unread')}
        {thread.status === 'pinned' ? action('Unpin', 'read') : action('Pin', 'pinned')}
      </div>
    </li>
  );
}
