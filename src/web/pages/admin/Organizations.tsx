import { Link } from 'react-router';
import { useQuery } from 'urql';
import { AdminOrganizationsDocument } from '../../__generated__/pages/admin/admin.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';
import { useListParams } from './paging.tsx';
import { Pager, SearchBox } from '../../components/Paging.tsx';

/** /-/admin/orgs: every organization, private ones too, searched by name, a page at a time. */
export default function Organizations() {
  const { variables } = useListParams();
  const [{ data, error }] = useQuery({ query: AdminOrganizationsDocument, variables, requestPolicy: 'cache-and-network' });
  return (
    <section aria-labelledby="admin-orgs-title">
      <h1 id="admin-orgs-title">
        Organizations {data && <span className="count">{data.adminOrganizations.totalCount}</span>}
      </h1>
      <SearchBox label="Search organizations" />
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        <Loading />
      ) : data.adminOrganizations.nodes.length === 0 ? (
        <p className="muted">No organization matches.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Name</th>
                  <th scope="col">Visibility</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {data.adminOrganizations.nodes.map((org) => (
                  <tr key={org.databaseId}>
                    <td>{org.databaseId}</td>
                    <td>
                      <Link to={`/${org.login}`}>{org.login}</Link>
                      {org.fullName && <span className="muted"> {org.fullName}</span>}
                    </td>
                    <td>
                      <span className="label">{org.visibility}</span>
                    </td>
                    <td>
                      <TimeAgo iso={org.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={data.adminOrganizations.totalCount} />
        </>
      )}
    </section>
  );
}
