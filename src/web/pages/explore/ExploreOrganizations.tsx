import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { ExploreOrganizationsDocument } from '../../__generated__/pages/explore/explore.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { ACCOUNT_SORTS, ExploreTabs, SortSelect } from './parts.tsx';
import { PAGE_SIZE, Pager, SearchBox, pageCursor, usePageNumber } from '../../components/Paging.tsx';

/** /explore/organizations: the organizations the viewer may see, searched by login and full name. */
export default function ExploreOrganizations() {
  const [params] = useSearchParams();
  const page = usePageNumber();
  const sort = ACCOUNT_SORTS[params.get('sort') ?? ''] ?? ACCOUNT_SORTS.alphabetically;
  const [{ data, error, fetching }] = useQuery({
    query: ExploreOrganizationsDocument,
    variables: { query: params.get('q') || undefined, sort: sort.sort, order: sort.order, first: PAGE_SIZE, after: pageCursor(page) },
  });
  return (
    <section aria-labelledby="explore-title" className="explore">
      <h1 id="explore-title">Explore</h1>
      <ExploreTabs />
      <SearchBox label="Search organizations">
        <SortSelect options={ACCOUNT_SORTS} fallback="alphabetically" />
      </SearchBox>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        fetching && <Loading />
      ) : (
        <>
          <h2 className="visually-hidden">Organizations</h2>
          {data.organizations.nodes.length === 0 ? (
            <p className="muted">No organization matches.</p>
          ) : (
            <ul className="plain account-list">
              {data.organizations.nodes.map((o) => (
                <li key={o.databaseId} className="row">
                  <Avatar url={o.avatarUrl} login={o.login} size={32} />
                  <Link to={`/${o.login}`}>{o.fullName || o.login}</Link>
                  {o.fullName && <span className="muted">{o.login}</span>}
                  {o.description && <span>{o.description}</span>}
                </li>
              ))}
            </ul>
          )}
          <Pager total={data.organizations.totalCount} />
        </>
      )}
    </section>
  );
}
