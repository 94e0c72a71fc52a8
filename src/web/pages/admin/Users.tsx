import { Link } from 'react-router';
import { useQuery } from 'urql';
import { AdminUsersDocument } from '../../__generated__/pages/admin/admin.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';
import { useListParams } from './paging.tsx';
import { Pager, SearchBox } from '../../components/Paging.tsx';

/** /-/admin/users: every person's account, searched by name or e-mail, a page at a time. */
export default function Users() {
  const { variables } = useListParams();
  const [{ data, error }] = useQuery({ query: AdminUsersDocument, variables, requestPolicy: 'cache-and-network' });
  return (
    <section aria-labelledby="admin-users-title">
      <div className="row admin-title">
        <h1 id="admin-users-title">
          User accounts {data && <span className="count">{data.adminUsers.totalCount}</span>}
        </h1>
        <Link to="/-/admin/users/new" className="button primary">
          Create user account
        </Link>
      </div>
      <SearchBox label="Search user accounts" />
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        <Loading />
      ) : data.adminUsers.nodes.length === 0 ? (
        <p className="muted">No user account matches.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">User name</th>
                  <th scope="col">E-mail address</th>
                  <th scope="col">State</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last sign-in</th>
                </tr>
              </thead>
              <tbody>
                {data.adminUsers.nodes.map((user) => (
                  <tr key={user.databaseId}>
                    <td>{user.databaseId}</td>
                    <td>
                      <Link to={`/-/admin/users/${user.databaseId}/edit`} aria-label={`Edit ${user.login}`}>
                        {user.login}
                      </Link>
                      {user.fullName && <span className="muted"> {user.fullName}</span>}
                    </td>
                    <td>{user.email}</td>
                    <td>
                      <span className="row">
                        {user.isAdmin && <span className="label">Admin</span>}
                        {user.restricted && <span className="label">Restricted</span>}
                        {user.prohibitLogin && <span className="label">Sign-in prohibited</span>}
                        {!user.active && <span className="label">Inactive</span>}
                      </span>
                    </td>
                    <td>
                      <TimeAgo iso={user.createdAt} />
                    </td>
                    <td>{user.lastLogin ? <TimeAgo iso={user.lastLogin} /> : <span className="muted">Never</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={data.adminUsers.totalCount} />
        </>
      )}
    </section>
  );
}
