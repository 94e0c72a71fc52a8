import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useViewer } from '../../app/viewer.tsx';

const SECTIONS = [
  { to: '/user/settings', label: 'Profile', end: true },
  { to: '/user/settings/account', label: 'Account' },
  { to: '/user/settings/emails', label: 'E-mail addresses' },
  { to: '/user/settings/applications', label: 'Applications' },
  { to: '/user/settings/keys', label: 'SSH / GPG keys' },
  { to: '/user/settings/security', label: 'Security' },
  { to: '/user/settings/blocked_users', label: 'Blocked users' },
];

/** The frame of the settings pages: a side navigation between the sections; visitors are sent to sign in. */
export default function SettingsLayout() {
  const viewer = useViewer();
  const location = useLocation();
  if (!viewer) return <Navigate to={`/user/login?redirect_to=${encodeURIComponent(location.pathname)}`} replace />;
  return (
    <div className="settings-layout">
      <nav aria-label="Settings" className="settings-nav">
        <ul className="plain">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} end={s.end}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-section">
        <Outlet />
      </div>
    </div>
  );
}
