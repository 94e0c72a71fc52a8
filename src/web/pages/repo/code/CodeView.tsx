import { useLocation, useParams } from 'react-router';
import { useQuery } from 'urql';
import { CodePathDocument } from '../../../__generated__/pages/repo/code/code.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { FileView } from './FileView.tsx';
import { isNotFound } from './not-found.ts';
import type { RefType } from './paths.ts';
import { RefSwitcher } from './RefSwitcher.tsx';
import { Tree } from './Tree.tsx';

/** /{repo}/src/{branch|tag|commit}/{ref}/{path}: a directory's entries or a file. */
export default function CodeView() {
  const repository = useRepository();
  const name = useRepositoryName();
  const splat = useParams()['*'] ?? '';
  const kind = (useLocation().pathname.match(/\/src\/(branch|tag|commit)\//)?.[1] ?? 'branch') as RefType;
  const [{ data, error, fetching }] = useQuery({ query: CodePathDocument, variables: { ...name, path: splat } });
  if (isNotFound(error)) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  const contents = data?.repository?.contents;
  if (!contents || (fetching && !data)) return <Loading />;
  const repo = repository.fullName;
  const refType = contents.refType as RefType;
  const parent = contents.path ? contents.path.split('/').slice(0, -1).join('/') : undefined;
  return (
    <div className="code-page">
      <h1 className="visually-hidden">{contents.path || repository.name}</h1>
      <div className="row code-toolbar">
        <RefSwitcher repo={repo} refType={refType === kind ? refType : kind} refName={contents.refName} path={contents.path} />
        <Breadcrumbs repo={repo} repoName={repository.name} refType={refType} refName={contents.refName} path={contents.path} />
      </div>
      {contents.isDirectory ? (
        <Tree repo={repo} refType={refType} refName={contents.refName} entries={contents.entries ?? []} parent={parent} />
      ) : (
        <FileView repo={repo} refType={refType} refName={contents.refName} file={contents.entry} />
      )}
    </div>
  );
}
