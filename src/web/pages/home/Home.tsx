import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { UnreadCountLiveDocument } from '../../__generated__/app/shell.ts';
import { HomeDocument, HomeNotificationsDocument, HomeOrganizationsDocument, type HomeQuery } from '../../__generated__/pages/home/home.ts';
import { useViewer } from '../../app/viewer.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';
import { subjectPath } from '../notifications/subject.ts';
import { activityTarget } from './activity-target.ts';
import { activityText } from './activity-text.ts';

/** A visitor's welcome, or a signed-in person's dashboard. */
export default function Home() {
  const viewer = useViewer();
  return viewer ? <Dashboard login={viewer.login} /> : <Welcome />;
}

function Welcome() {
  return (
    <section className="narrow" aria-labelledby="welcome-title">
      <h1 id="welcome-title">Graft</h1>
      <p>A self-hosted git forge: repositories, issues, pull requests and more.</p>
      <p>
        <Link to="/explore/repos">Explore repositories</Link> or <Link to="/user/login">sign in</Link>.
      </p>
    </section>
  );
}

type Activity = NonNullable<HomeQuery['viewer']>['activities']['nodes'][number];

function Dashboard({ login }: { login: string }) {
  const [{ data, error }] = useQuery({ query: HomeDocument });
  const [{ data: orgs }] = useQuery({ query: HomeOrganizationsDocument, variables: { login } });
  if (error) return <ErrorMessage error={error} />;
  if (!data?.viewer) return <Loading label="Loading the dashboard" />;
  const { repositories, activities } = data.viewer;
  return (
    <div className="dashboard">
      <h1 className="visually-hidden">Dashboard</h1>
      <section aria-labelledby="feed-title" className="dashboard-feed">
        <h2 id="feed-title">Activity</h2>
        {activities.nodes.length === 0 ? (
          <p className="muted">Nothing yet: activity of your repositories and of those you follow shows here.</p>
        ) : (
          <ul className="feed">
            {activities.nodes.map((a) => (
              <ActivityItem key={a.databaseId} activity={a} />
            ))}
          </ul>
        )}
      </section>
      <div className="dashboard-side">
        <UnreadNotifications />
        <section aria-labelledby="repos-title">
          <div className="section-head">
            <h2 id="repos-title">
              Repositories <span className="count">{repositories.totalCount}</span>
            </h2>
            <Link to="/repo/create" className="button">
              New repository
            </Link>
          </div>
          {repositories.nodes.length === 0 ? (
            <p className="muted">No repositories yet.</p>
          ) : (
            <ul className="plain">
              {repositories.nodes.map((r) => (
                <li key={r.fullName}>
                  <Link to={`/${r.fullName}`}>{r.fullName}</Link> {r.isPrivate && <span className="label">Private</span>}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="orgs-title">
          <h2 id="orgs-title">Organizations</h2>
          {orgs && orgs.organizations.nodes.length === 0 ? (
            <p className="muted">You belong to no organization.</p>
          ) : (
            <ul className="plain">
              {orgs?.organizations.nodes.map((o) => (
                <li key={o.login}>
                  <Link to={`/${o.login}`}>{o.fullName || o.login}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function ActivityItem({ activity: a }: { activity: Activity }) {
  const target = activityTarget(a);
  return (
    <li>
      <Link to={`/${a.actor.login}`}>{a.actor.login}</Link> {activityText(a.opType, a.refName)} <Link to={`/${a.repository.fullName}`}>{a.repository.fullName}</Link>{' '}
      <span className="muted">
        <TimeAgo iso={a.createdAt} />
      </span>
      {target && (
        <span className="feed-detail">
          {target.links.map((l, i) => (
            <span key={l.path}>
              {i > 0 && ' · '}
              <Link to={l.path}>{l.label}</Link>
            </span>
          ))}
          {target.detail && <> {target.detail}</>}
        </span>
      )}
    </li>
  );
}

/** The unread threads, kept current by the header counter's live subscription (one per tab, shared). */
function UnreadNotifications() {
  const [{ data }, refetch] = useQuery({ query: HomeNotificationsDocument });
  const [live] = useSubscription({ query: UnreadCountLiveDocument });
  useEffect(() => {
    if (live.data) refetch({ requestPolicy: 'network-only' });
  }, [live.data, refetch]);
  const list = data?.notifications;
  return (
    <section aria-labelledby="unread-title">
      <h2 id="unread-title">
        <Link to="/notifications">Unread notifications</Link> <span className="count">{list?.totalCount ?? 0}</span>
      </h2>
      {list && list.nodes.length === 0 ? (
        <p className="muted">All caught up.</p>
      ) : (
        <ul className="plain">
          {list?.nodes.map((n) => (
            <li key={n.databaseId}>
              <Link to={subjectPath(n)}>{n.subjectTitle}</Link> <span className="muted">{n.repository.fullName}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
