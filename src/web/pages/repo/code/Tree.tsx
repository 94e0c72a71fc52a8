import { Link } from 'react-router';
import type { TreeEntryFragment } from '../../../__generated__/pages/repo/code/code.ts';
import { TimeAgo } from '../../../components/Time.tsx';
import { commitUrl, srcUrl, type RefType } from './paths.ts';

const ORDER: Record<string, number> = { dir: 0, submodule: 1, symlink: 2, file: 2 };

/** A directory's entries, directories first, each with the last commit that changed it. */
export function Tree({ repo, refType, refName, entries, parent }: { repo: string; refType: RefType; refName: string; entries: TreeEntryFragment[]; parent?: string }) {
  const sorted = [...entries].sort((a, b) => ORDER[a.type] - ORDER[b.type] || a.name.localeCompare(b.name));
  return (
    <div className="box table-wrap">
      <table className="code-tree">
        <caption className="visually-hidden">Files</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Last commit</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {parent !== undefined && (
            <tr>
              <td colSpan={3}>
                <Link to={srcUrl(repo, refType, refName, parent)} aria-label="Parent directory">
                  ..
                </Link>
              </td>
            </tr>
          )}
          {sorted.map((e) => (
            <tr key={e.path}>
              <td className="code-tree-name">
                <EntryIcon type={e.type} />{' '}
                {e.type === 'submodule' ? <span>{e.name}</span> : <Link to={srcUrl(repo, refType, refName, e.path)}>{e.name}</Link>}
              </td>
              <td className="code-tree-commit muted">
                {e.lastCommit && (
                  <Link className="muted" to={commitUrl(repo, e.lastCommit.oid)}>
                    {e.lastCommit.messageHeadline}
                  </Link>
                )}
              </td>
              <td className="code-tree-date muted">{e.lastCommit && <TimeAgo iso={e.lastCommit.committer.date} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A folder, file or submodule drawn as an SVG, not an emoji: emoji need a font the system may not have (a
 * server's headless browser, some Linux desktops), and then show as empty boxes.
 */
function EntryIcon({ type }: { type: string }) {
  const path =
    type === 'dir'
      ? 'M1.5 3.5h5l1.5 1.5h6.5v8.5h-13z'
      : type === 'submodule'
        ? 'M2 4.5l6-3 6 3v7l-6 3-6-3zM2 4.5l6 3 6-3M8 7.5v7'
        : 'M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3';
  return (
    <svg className="code-icon" aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round">
      <path d={path} />
    </svg>
  );
}
