import { createContext, useContext } from 'react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { repositoryName } from './repository-name.ts';
import { useQuery } from 'urql';
import { RepositoryHeaderDocument, type RepositoryHeaderQuery } from '../../__generated__/pages/repo/repo.ts';
import { ErrorMessage, Loading, NotFound } from '../../components/Status.tsx';
import { RepoActions } from './RepoActions.tsx';

export type RepositoryHeader = NonNullable<RepositoryHeaderQuery['repository']>;

/** The repository every page under /:owner/:repo shows, read once by the layout. */
const RepositoryContext = createContext<RepositoryHeader | null>(null);

/** The repository of the current page (inside RepoLayout). */
export function useRepository(): RepositoryHeader {
  const repo = useContext(RepositoryContext);
  if (!repo) throw new Error('useRepository: outside a repository page');
  return repo;
}

/** owner and repo from the URL, as GraphQL variables. */
export function useRepositoryName(): { owner: string; name: string } {
  return repositoryName(useParams());
}

/**
 * The frame of every repository page: its name, badges and tabs, then the tab's page. A repository that does
 * not exist, or is hidden from the viewer, is the not-found page (and the server answered 404: web-ui.ts).
 */
export default function RepoLayout() {
  const variables = useRepositoryName();
  const [{ data, error, fetching }, refresh] = useQuery({ query: RepositoryHeaderDocument, variables });
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const repo = data?.repository;
  if (!repo) return <NotFound />;
  const base = `/${repo.fullName}`;
  return (
    <RepositoryContext.Provider value={repo}>
      <div className="repo-header">
        <h1 className="repo-title">
          <Link to={`/${repo.owner.login}`}>{repo.owner.login}</Link> / <Link to={base}>{repo.name}</Link>
          {repo.isPrivate && <span className="label">Private</span>}
          {repo.isArchived && <span className="label">Archived</span>}
          {repo.isTemplate && <span className="label">Template</span>}
        </h1>
        {repo.parent && (
          <p className="muted">
            forked from <Link to={`/${repo.parent.fullName}`}>{repo.parent.fullName}</Link>
          </p>
        )}
        {repo.description && <p>{repo.description}</p>}
        <RepoActions repo={repo} refresh={() => refresh({ requestPolicy: 'network-only' })} />
      </div>
      <nav aria-label="Repository" className="tabs">
        {repo.hasCode && (
          <NavLink to={base} end>
            Code
          </NavLink>
        )}
        {repo.hasIssues && (
          <NavLink to={`${base}/issues`}>
            Issues <span className="count">{repo.openIssueCount}</span>
          </NavLink>
        )}
        {repo.hasPullRequests && <NavLink to={`${base}/pulls`}>Pull requests</NavLink>}
        {repo.hasReleases && <NavLink to={`${base}/releases`}>Releases</NavLink>}
        {repo.hasWiki && <NavLink to={`${base}/wiki`}>Wiki</NavLink>}
        {repo.viewerPermissions.admin && <NavLink to={`${base}/settings`}>Settings</NavLink>}
      </nav>
      <Outlet />
    </RepositoryContext.Provider>
  );
}
