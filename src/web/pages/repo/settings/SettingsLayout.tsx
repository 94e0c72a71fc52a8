import { NavLink, Outlet } from 'react-router';
import { NotFound } from '../../../components/Status.tsx';
import { useRepository } from '../RepoLayout.tsx';

/**
 * The frame of the settings pages: a side navigation and the section. Only administrators of the repository see
 * it; for anyone else it is the not-found page (the graph refuses them its settings anyway).
 */
export default function SettingsLayout() {
  const repo = useRepository();
  if (!repo.viewerPermissions.admin) return <NotFound />;
  const base = `/${repo.fullName}/settings`;
  return (
    <div className="settings-layout">
      <nav aria-label="Settings" className="settings-nav">
        <NavLink to={base} end>
          Options
        </NavLink>
        <NavLink to={`${base}/collaboration`}>Collaborators</NavLink>
        <NavLink to={`${base}/branches`}>Branches</NavLink>
        <NavLink to={`${base}/hooks`}>Webhooks</NavLink>
      </nav>
      <div className="settings-body">
        <Outlet />
      </div>
    </div>
  );
}
