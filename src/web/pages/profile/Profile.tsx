import { Link, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { FollowUserDocument, ProfileDocument, ProfileRepositoriesDocument, ProfileTeamsDocument, UnfollowUserDocument, type ProfileQuery } from '../../__generated__/pages/profile/profile.ts';
import { useViewer } from '../../app/viewer.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { RenderedMarkdown } from '../../components/Markdown.tsx';
import { ErrorMessage, Loading, NotFound } from '../../components/Status.tsx';
import { RepositoryItem } from '../explore/parts.tsx';
import { PAGE_SIZE, Pager, SearchBox, pageCursor, usePageNumber } from '../../components/Paging.tsx';

type Person = NonNullable<ProfileQuery['user']>;
type Org = NonNullable<ProfileQuery['organization']>;

/** /:owner: a person's or an organization's profile; hidden and missing accounts are not found. */
export default function Profile() {
  const { owner = '' } = useParams();
  const [{ data, error, fetching }] = useQuery({ query: ProfileDocument, variables: { login: owner } });
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  if (data?.organization) return <OrganizationProfile org={data.organization} />;
  if (data?.user && !data.user.isOrganization) return <PersonProfile person={data.user} />;
  return <NotFound />;
}

function PersonProfile({ person }: { person: Person }) {
  return (
    <div className="profile">
      <aside className="profile-card" aria-labelledby="profile-name">
        <Avatar url={person.avatarUrl} login={person.login} size={128} />
        <h1 id="profile-name">
          {person.fullName || person.login}
          {person.fullName && <span className="muted profile-login"> {person.login}</span>}
        </h1>
        {person.description && <p>{person.description}</p>}
        <ul className="plain profile-facts">
          {person.location && <li>Location: {person.location}</li>}
          {person.website && (
            <li>
              Website: <a href={person.website} rel="nofollow noopener">{person.website}</a>
            </li>
          )}
          <li>
            <span className="count">{person.followerCount}</span> followers · <span className="count">{person.followingCount}</span> following
          </li>
        </ul>
        <FollowButton person={person} />
      </aside>
      <div className="profile-main">
        {person.profileReadme && (
          <section aria-label="Profile README" className="box profile-readme">
            <div className="body">
              <RenderedMarkdown html={person.profileReadme.html} />
            </div>
          </section>
        )}
        <Repositories ownerId={person.databaseId} />
      </div>
    </div>
  );
}

/** Follow or unfollow, for signed-in people on someone else's profile. */
function FollowButton({ person }: { person: Person }) {
  const viewer = useViewer();
  const [follow, doFollow] = useMutation(FollowUserDocument);
  const [unfollow, doUnfollow] = useMutation(UnfollowUserDocument);
  if (!viewer || viewer.login.toLowerCase() === person.login.toLowerCase()) return null;
  const busy = follow.fetching || unfollow.fetching;
  const failure = follow.error ?? unfollow.error;
  // The mutation answers a User, so urql refetches the profile (its counts and viewerIsFollowing).
  return (
    <div className="stack">
      {person.viewerIsFollowing ? (
        <button type="button" disabled={busy} onClick={() => doUnfollow({ login: person.login })}>
          Unfollow
        </button>
      ) : (
        <button type="button" className="primary" disabled={busy} onClick={() => doFollow({ login: person.login })}>
          Follow
        </button>
      )}
      {failure && <ErrorMessage error={failure} />}
    </div>
  );
}

function OrganizationProfile({ org }: { org: Org }) {
  return (
    <div className="profile">
      <aside className="profile-card" aria-labelledby="profile-name">
        <Avatar url={org.avatarUrl} login={org.login} size={128} />
        <h1 id="profile-name">
          {org.fullName || org.login}
          {org.fullName && <span className="muted profile-login"> {org.login}</span>}
        </h1>
        {org.description && <p>{org.description}</p>}
        <ul className="plain profile-facts">
          {org.location && <li>Location: {org.location}</li>}
          {org.website && (
            <li>
              Website: <a href={org.website} rel="nofollow noopener">{org.website}</a>
            </li>
          )}
        </ul>
        <section aria-labelledby="members-title">
          <h2 id="members-title">
            Members <span className="count">{org.members.totalCount}</span>
          </h2>
          <ul className="plain">
            {org.members.nodes.map((m) => (
              <li key={m.databaseId} className="row">
                <Avatar url={m.avatarUrl} login={m.login} />
                <Link to={`/${m.login}`}>{m.login}</Link>
              </li>
            ))}
          </ul>
        </section>
        {org.viewerIsMember && <Teams login={org.login} />}
      </aside>
      <div className="profile-main">
        {org.profileReadme && (
          <section aria-label="Profile README" className="box profile-readme">
            <div className="body">
              <RenderedMarkdown html={org.profileReadme.html} />
            </div>
          </section>
        )}
        <Repositories ownerId={org.databaseId} />
      </div>
    </div>
  );
}

/** The organization's teams: the graph shows them to members only, so only they ask. */
function Teams({ login }: { login: string }) {
  const [{ data, error }] = useQuery({ query: ProfileTeamsDocument, variables: { login } });
  if (error) return <ErrorMessage error={error} />;
  const teams = data?.organization?.teams;
  if (!teams) return <Loading label="Loading teams" />;
  return (
    <section aria-labelledby="teams-title">
      <h2 id="teams-title">
        Teams <span className="count">{teams.totalCount}</span>
      </h2>
      <ul className="plain">
        {teams.nodes.map((t) => (
          <li key={t.databaseId}>
            {t.name} <span className="label">{t.permission}</span>
            {t.description && <div className="muted">{t.description}</div>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The account's repositories the viewer may read, searched (?q=) and paged (?page=). */
function Repositories({ ownerId }: { ownerId: number }) {
  const [params] = useSearchParams();
  const page = usePageNumber();
  const [{ data, error, fetching }] = useQuery({
    query: ProfileRepositoriesDocument,
    variables: { ownerId, query: params.get('q') || undefined, first: PAGE_SIZE, after: pageCursor(page) },
  });
  return (
    <section aria-labelledby="repositories-title">
      <h2 id="repositories-title">Repositories {data && <span className="count">{data.repositories.totalCount}</span>}</h2>
      <SearchBox label="Search repositories" />
      {error ? (
        <ErrorMessage error={error} />
      ) : !data ? (
        fetching && <Loading />
      ) : (
        <>
          {data.repositories.nodes.length === 0 ? (
            <p className="muted">No repository.</p>
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
