import { Link } from 'react-router';
import { useQuery } from 'urql';
import { AdminEmailsDocument } from '../../__generated__/pages/admin/emails.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { useListParams } from './paging.tsx';
import { Pager, SearchBox } from '../../components/Paging.tsx';

/** /-/admin/emails: every e-mail address of every person, searched by address, login or full name, a page at a time. */
export default function Emails() {
  const { variables } = useListParams();
  const [{ data, error }] = useQuery({ query: AdminEmailsDocument, variables, requestPolicy: 'cache-and-network' });
  return (
    <section aria-labelledby="admin-emails-title">
      <div className="row admin-title">
        <h1 id="admin-emails-title">
          E-mail addresses {data && <span className="count">{data.adminEmails.totalCount}</span>}
        </h1>
      </div>
      <SearchBox label="Search e-mail addresses" />
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        <Loading />
      ) : data.adminEmails.nodes.length === 0 ? (
        <p className="muted">No e-mail address matches.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">E-mail address</th>
                  <th scope="col">User name</th>
                  <th scope="col">Primary</th>
                  <th scope="col">Verified</th>
                </tr>
              </thead>
              <tbody>
                {data.adminEmails.nodes.map((e) => (
                  <tr key={e.email}>
                    <td>{e.email}</td>
                    <td>
                      <Link to={`/-/admin/users/${e.userDatabaseId}/edit`}>{e.login}</Link>
                    </td>
                    <td>{e.primary ? 'Yes' : 'No'}</td>
                    <td>{e.verified ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={data.adminEmails.totalCount} />
        </>
      )}
    </section>
  );
}
