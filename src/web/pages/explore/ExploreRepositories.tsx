import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { ExploreRepositoriesDocument } from '../../__generated__/pages/explore/explore.ts';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { ExploreTabs, RepositoryItem, SortSelect } from './parts.tsx';
import { PAGE_SIZE, Pager, SearchBox, pageCursor, usePageNumber } from '../../components/Paging.tsx';

/** Gitea's sort names (?sort=) and what the graph sorts by. */
export const REPOSITORY_SORTS: Record<string, { label: string; sort: string; order: 'asc' | 'desc' }> = {
  recentupdate: { label: 'Recently updated', sort: 'updated', order: 'desc' },
  leastupdate: { label: 'Least recently updated', sort: 'updated', order: 'asc' },
  newest: { label: 'Newest', sort: 'created', order: 'desc' },
  oldest: { label: 'Oldest', sort: 'created', order: 'asc' },
  alphabetically: { label: 'Alphabetically', sort: 'alpha', order: 'asc' },
  reversealphabetically: { label: 'Reverse alphabetically', sort: 'alpha', order: 'desc' },
};

/** /explore/repos: the repositories the viewer may read, searched by name and description. */
export default function ExploreRepositories() {
  const [params] = useSearchParams();
  const page = usePageNumber();
  const sort = REPOSITORY_SORTS[params.get('sort') ?? ''] ?? REPOSITORY_SORTS.recentupdate;
  const [{ data, error, fetching }] = useQuery({
    query: ExploreRepositoriesDocument,
    variables: { query: params.get('q') || undefined, sort: sort.sort, order: sort.order, first: PAGE_SIZE, after: pageCursor(page) },
  });
  return (
    <section aria-labelledby="explore-title" className="explore">
      <h1 id="explore-title">Explore</h1>
      <ExploreTabs />
      <SearchBox label="Search repositories">
        <SortSelect options={REPOSITORY_SORTS} fallback="recentupdate" />
      </SearchBox>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        fetching && <Loading />
      ) : (
        <>
          <h2 className="visually-hidden">Repositories</h2>
          {data.repositories.nodes.length === 0 ? (
            <p className="muted">No repository matches.</p>
          ) : (
            <ul className="plain repo-list">
              {data.repositories.nodes.map((r) => (
                <RepositoryItem key={r.databaseId} repo={r} />
              ))}
            </ul>
          )}
          <Pager total={data.repositories.totalCount} />
        </>
      )}
    </section>
  );
}
