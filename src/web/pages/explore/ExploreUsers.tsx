import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { ExploreUsersDocument } from '../../__generated__/pages/explore/explore.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { ErrorMessage, Loading } from '../../components/Status.tsx';
import { TimeAgo } from '../../components/Time.tsx';
import { ACCOUNT_SORTS, ExploreTabs, SortSelect } from './parts.tsx';
import { PAGE_SIZE, Pager, SearchBox, pageCursor, usePageNumber } from '../../components/Paging.tsx';

/** /explore/users: the people the viewer may see, searched by login and full name. */
export default function ExploreUsers() {
  const [params] = useSearchParams();
  const page = usePageNumber();
  const sort = ACCOUNT_SORTS[params.get('sort') ?? ''] ?? ACCOUNT_SORTS.newest;
  const [{ data, error, fetching }] = useQuery({
    query: ExploreUsersDocument,
    variables: { query: params.get('q') || undefined, sort: sort.sort, order: sort.order, first: PAGE_SIZE, after: pageCursor(page) },
  });
  return (
    <section aria-labelledby="explore-title" className="explore">
      <h1 id="explore-title">Explore</h1>
      <ExploreTabs />
      <SearchBox label="Search users">
        <SortSelect options={ACCOUNT_SORTS} fallback="newest" />
      </SearchBox>
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        fetching && <Loading />
      ) : (
        <>
          <h2 className="visually-hidden">Users</h2>
          {data.users.nodes.length === 0 ? (
            <p className="muted">No user matches.</p>
          ) : (
            <ul className="plain account-list">
              {data.users.nodes.map((u) => (
                <li key={u.databaseId} className="row">
                  <Avatar url={u.avatarUrl} login={u.login} size={32} />
                  <Link to={`/${u.login}`}>{u.login}</Link>
                  {u.fullName && <span>{u.fullName}</span>}
                  {u.location && <span className="muted">{u.location}</span>}
                  <span className="muted">
                    Joined <TimeAgo iso={u.createdAt} />
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Pager total={data.users.totalCount} />
        </>
      )}
    </section>
  );
}
