import { NavLink, Outlet } from 'react-router';
import { useViewer } from '../../app/viewer.tsx';
import { NotFound } from '../../components/Status.tsx';

/** The frame of the admin pages: a side navigation, then the page. Anyone but a site admin gets not-found. */
export default function AdminLayout() {
  const viewer = useViewer();
  if (!viewer?.isAdmin) return <NotFound />;
  return (
    <div className="admin-layout">
      <nav aria-label="Site administration" className="admin-nav">
        <NavLink to="/-/admin" end>
          Dashboard
        </NavLink>
        <NavLink to="/-/admin/config">Configuration</NavLink>
        <NavLink to="/-/admin/users">User accounts</NavLink>
        <NavLink to="/-/admin/emails">E-mail addresses</NavLink>
        <NavLink to="/-/admin/orgs">Organizations</NavLink>
        <NavLink to="/-/admin/repos" end>
          Repositories
        </NavLink>
        <NavLink to="/-/admin/repos/unadopted">Unadopted repositories</NavLink>
        <NavLink to="/-/admin/cron">Cron tasks</NavLink>
        <NavLink to="/-/admin/badges">Badges</NavLink>
      </nav>
      <div className="admin-content">
        <Outlet />
      </div>
    </div>
  );
}
