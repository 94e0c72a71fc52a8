import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { useMutation, useQuery, useSubscription } from 'urql';
import { ShellViewerDocument, SignOutDocument, UnreadCountDocument, UnreadCountLiveDocument } from '../__generated__/app/shell.ts';
import { ViewerContext, type SignedIn } from './viewer.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { Loading } from '../components/Status.tsx';

/** Every page's frame: a skip link, the header with navigation, the page in <main>, and a footer. */
export function Shell() {
  const [{ data, fetching }] = useQuery({ query: ShellViewerDocument, requestPolicy: 'cache-first' });
  const navigation = useNavigation();
  const location = useLocation();
  const navigated = useRef<string | null>(null);
  useEffect(() => {
    // After a navigation in the page, focus moves to the new page's content, for keyboard and screen readers. Not
    // on the first load: there the keyboard starts at the top, on the skip link, as on any loaded page.
    if (navigated.current !== null && navigated.current !== location.pathname) document.getElementById('main')?.focus({ preventScroll: true });
    navigated.current = location.pathname;
  }, [location.pathname]);
  const theme = data?.viewer?.theme;
  useEffect(() => {
    // The account's theme, when it chose light or dark; otherwise the system's preference (theme.css).
    if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
    else delete document.documentElement.dataset.theme;
  }, [theme]);
  if (fetching && !data) return <Loading label="Loading Graft" />;
  const viewer = data?.viewer ?? null;
  return (
    <ViewerContext.Provider value={viewer}>
      <a className="skip-link" href="#main">Skip to content</a>
      <header className="site-header">
        <nav aria-label="Site" className="site-nav">
          <Link to="/" className="brand">Graft</Link>
          <NavLink to="/explore/repos">Explore</NavLink>
          {viewer?.isAdmin && <NavLink to="/-/admin">Site administration</NavLink>}
        </nav>
        <div className="site-user">{viewer ? <SignedInMenu viewer={viewer} /> : <Link to={`/user/login?redirect_to=${encodeURIComponent(location.pathname + location.search)}`}>Sign in</Link>}</div>
      </header>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <a href="/api/swagger">API</a> · <a href="/api/graphql">GraphQL explorer</a>
      </footer>
    </ViewerContext.Provider>
  );
}

function SignedInMenu({ viewer }: { viewer: SignedIn }) {
  const [, signOut] = useMutation(SignOutDocument);
  return (
    <>
      <NotificationCounter />
      <NavLink to={`/${viewer.login}`} className="viewer-link">
        <Avatar url={viewer.avatarUrl} login={viewer.login} size={20} /> {viewer.login}
      </NavLink>
      <NavLink to="/user/settings">Settings</NavLink>
      <button
        type="button"
        className="link-button"
        onClick={() => void signOut({}).then(() => window.location.assign('/'))}
      >
        Sign out
      </button>
    </>
  );
}

/**
 * Unread notifications, kept current without a reload: every change of the account's threads (in this tab,
 * another tab, or by someone's comment) arrives over graphql-ws with the new unread count.
 */
export function NotificationCounter() {
  const [{ data }] = useQuery({ query: UnreadCountDocument });
  const [live] = useSubscription({ query: UnreadCountLiveDocument });
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => setCount(data?.unreadNotificationCount ?? null), [data]);
  useEffect(() => {
    if (live.data) setCount(live.data.notificationEvents.unreadCount);
  }, [live.data]);
  const unread = count ?? 0;
  return (
    <NavLink to="/notifications" className="notification-counter" aria-label={`Notifications, ${unread} unread`}>
      <BellIcon />
      {unread > 0 && <span className="badge" data-testid="unread-count">{unread}</span>}
    </NavLink>
  );
}

/** A bell drawn inline: an emoji depends on the fonts of the machine, which may have none. */
function BellIcon() {
  return (
    <svg className="bell" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2Zm5-4.5V7a5 5 0 0 0-4-4.9V1a1 1 0 0 0-2 0v1.1A5 5 0 0 0 3 7v4.5L1.5 13h13L13 11.5Z" />
    </svg>
  );
}
