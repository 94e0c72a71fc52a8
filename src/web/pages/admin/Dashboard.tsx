import { Link } from 'react-router';
import { useQuery } from 'urql';
import { AdminStatusDocument, type AdminStatusQuery } from '../../__generated__/pages/admin/admin.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { formatBytes, formatDuration } from './format.ts';

/** /-/admin: the running server at a glance. */
export default function Dashboard() {
  const [{ data, error }, refresh] = useQuery({ query: AdminStatusDocument, requestPolicy: 'network-only' });
  return (
    <section aria-labelledby="admin-status-title">
      <div className="row admin-title">
        <h1 id="admin-status-title">System status</h1>
        <button type="button" onClick={() => refresh({ requestPolicy: 'network-only' })}>
          Refresh
        </button>
      </div>
      {error ? <ErrorMessage error={error} /> : !data ? <Loading /> : <Status status={data.systemStatus} />}
    </section>
  );
}

function Status({ status }: { status: AdminStatusQuery['systemStatus'] }) {
  const { database, redis, memory, counts } = status;
  const redisText = !redis.configured ? 'Not configured (events stay in this process)' : redis.reachable ? 'Configured, reachable' : 'Configured, not reachable';
  return (
    <>
      <dl className="admin-facts box">
        <dt>Graft version</dt>
        <dd>{status.version}</dd>
        <dt>Uptime</dt>
        <dd>{formatDuration(status.uptimeSeconds)}</dd>
        <dt>Database</dt>
        <dd>
          {database.kind}
          {database.version && ` ${database.version}`}
        </dd>
        <dt>Redis</dt>
        <dd className={redis.configured && !redis.reachable ? 'error' : undefined}>{redisText}</dd>
        <dt>Git version</dt>
        <dd>{status.gitVersion ?? <span className="error">git cannot be run</span>}</dd>
        <dt>Memory (resident)</dt>
        <dd>{formatBytes(memory.rss)}</dd>
        <dt>Heap</dt>
        <dd>
          {formatBytes(memory.heapUsed)} used of {formatBytes(memory.heapTotal)}
        </dd>
      </dl>
      <h2>Counts</h2>
      <ul className="admin-counts">
        <li>
          <Link to="/-/admin/users">User accounts</Link> <span className="count">{counts.users}</span>
        </li>
        <li>
          <Link to="/-/admin/orgs">Organizations</Link> <span className="count">{counts.organizations}</span>
        </li>
        <li>
          <Link to="/-/admin/repos">Repositories</Link> <span className="count">{counts.repositories}</span>
        </li>
      </ul>
    </>
  );
}
