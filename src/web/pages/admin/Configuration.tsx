import { useQuery } from 'urql';
import { AdminConfigDocument } from '../../__generated__/pages/admin/admin.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';

/** /-/admin/config: the loaded configuration, read-only; the server masks secrets before they leave it. */
export default function Configuration() {
  const [{ data, error }] = useQuery({ query: AdminConfigDocument });
  return (
    <section aria-labelledby="admin-config-title">
      <h1 id="admin-config-title">Configuration</h1>
      <p className="muted">Read-only: change settings in graft.config.json or the environment and restart. Secrets are masked.</p>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        <Loading />
      ) : (
        data.systemStatus.configuration.map(({ section, entries }) => (
          <section key={section} aria-labelledby={`config-${section}`} className="admin-config-section">
            <h2 id={`config-${section}`}>{section}</h2>
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Setting</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.name}>
                      <th scope="row">{entry.name}</th>
                      <td className="admin-config-value">{entry.value === '' ? <span className="muted">(empty)</span> : entry.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))
      )}
    </section>
  );
}
