import { Link } from 'react-router';
import { useQuery } from 'urql';
import { HomeDocument, HomeOrganizationsDocument } from '../../__generated__/graphql.ts';
import { useViewer } from '../../app/viewer.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';
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

function Dashboard({ login }: { login: string }) {
  const [{ data, error }] = useQuery({ query: HomeDocument });
  const [{ data: orgs }] = useQuery({ query: HomeOrganizationsDocument, variables: { login } });
  if (error) return <ErrorMessage error={error} />;
  if (!data?.viewer) return <Loading />;
  const { repositories, activities } = data.viewer;
  return (
    <div className="dashboard">
      <h1 className="visually-hidden">Dashboard</h1>
      <section aria-labelledby="feed-title" className="dashboard-feed">
        <h2 id="feed-title">Activity</h2>
        {activities.nodes.length === 0 ? (
          <p className="muted">Nothing yet.</p>
        ) : (
          <ul className="feed">
            {activities.nodes.map((a) => (
              <li key={a.databaseId}>
                <Link to={`/${a.actor.login}`}>{a.actor.login}</Link> {activityText(a.opType, a.refName)}{' '}
                <Link to={`/${a.repository.fullName}`}>{a.repository.fullName}</Link> <TimeAgo iso={a.createdAt} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <aside className="dashboard-side">
        <section aria-labelledby="unread-title">
          <h2 id="unread-title">
            <Link to="/notifications">Unread notifications</Link> <span className="count">{data.notifications.totalCount}</span>
          </h2>
          <ul className="plain">
            {data.notifications.nodes.map((n) => (
              <li key={n.databaseId}>
                <Link to={`/${n.repository.fullName}/${n.subjectType === 'Pull' ? 'pulls' : 'issues'}/${n.subjectNumber}`}>{n.subjectTitle}</Link>{' '}
                <span className="muted">{n.repository.fullName}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="repos-title">
          <h2 id="repos-title">
            Repositories <span className="count">{repositories.totalCount}</span>
          </h2>
          <ul className="plain">
            {repositories.nodes.map((r) => (
              <li key={r.fullName}>
                <Link to={`/${r.fullName}`}>{r.fullName}</Link> {r.isPrivate && <span className="label">Private</span>}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="orgs-title">
          <h2 id="orgs-title">Organizations</h2>
          <ul className="plain">
            {orgs?.organizations.nodes.map((o) => (
              <li key={o.login}>
                <Link to={`/${o.login}`}>{o.fullName || o.login}</Link>
              </li>
            ))}
          </ul>
        </section>
      </aside>
    </div>
  );
}
