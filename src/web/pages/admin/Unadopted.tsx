import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { AdminAdoptUnadoptedDocument, AdminDeleteUnadoptedDocument, AdminUnadoptedDocument } from '../../__generated__/pages/admin/unadopted.ts';
import { Pager, PAGE_SIZE, pageCursor, SearchBox, usePageNumber } from '../../components/Paging.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';

/**
 * /-/admin/repos/unadopted: repository files on disk that no repository owns (DATA_DIR/repositories/<owner>/<name>.git),
 * searched with a glob of the owner or owner/name; each may be adopted or deleted.
 */
export default function Unadopted() {
  const [params] = useSearchParams();
  const variables = { pattern: params.get('q') || null, first: PAGE_SIZE, after: pageCursor(usePageNumber()) ?? null };
  const [{ data, error }, refetch] = useQuery({ query: AdminUnadoptedDocument, variables, requestPolicy: 'cache-and-network' });
  const [done, setDone] = useState<{ text: string; link?: string } | null>(null);
  const onDone = (text: string, link?: string) => {
    setDone({ text, link });
    refetch({ requestPolicy: 'network-only' });
  };
  return (
    <section aria-labelledby="admin-unadopted-title">
      <h1 id="admin-unadopted-title">
        Unadopted repositories {data && <span className="count">{data.unadoptedRepositories.totalCount}</span>}
      </h1>
      <SearchBox label="Search: owner or owner/name, * and ? allowed" />
      <p role="status" className="success">
        {done && (done.link ? <Link to={done.link}>{done.text}</Link> : done.text)}
      </p>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        <Loading />
      ) : data.unadoptedRepositories.nodes.length === 0 ? (
        <p className="muted">No unadopted repository.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Repository</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.unadoptedRepositories.nodes.map((repo) => (
                  <UnadoptedRow key={repo.fullName} owner={repo.owner} name={repo.name} onDone={onDone} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={data.unadoptedRepositories.totalCount} />
        </>
      )}
    </section>
  );
}

function UnadoptedRow({ owner, name, onDone }: { owner: string; name: string; onDone: (text: string, link?: string) => void }) {
  const [adoption, adopt] = useMutation(AdminAdoptUnadoptedDocument);
  const [deletion, remove] = useMutation(AdminDeleteUnadoptedDocument);
  const fullName = `${owner}/${name}`;
  return (
    <tr>
      <td>{fullName}</td>
      <td className="row">
        <button
          type="button"
          aria-label={`Adopt ${fullName}`}
          disabled={adoption.fetching}
          onClick={() =>
            void adopt({ owner, name }).then((outcome) => {
              if (outcome.data?.adoptRepository) onDone(`${fullName} was adopted.`, `/${outcome.data.adoptRepository.fullName}`);
            })
          }
        >
          Adopt
        </button>
        <ConfirmButton
          label={`Delete files of ${fullName}`}
          question={`Delete the files of ${fullName}? This cannot be undone.`}
          confirmLabel="Yes, delete"
          busy={deletion.fetching}
          onConfirm={() =>
            void remove({ owner, name }).then((outcome) => {
              if (outcome.data?.deleteUnadoptedRepository) onDone(`The files of ${fullName} were deleted.`);
            })
          }
        />
        {adoption.error && <ErrorMessage error={adoption.error} />}
        {deletion.error && <ErrorMessage error={deletion.error} />}
      </td>
    </tr>
  );
}
