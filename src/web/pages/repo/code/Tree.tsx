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
                <span className="code-icon" aria-hidden="true">
                  {e.type === 'dir' ? '📁' : e.type === 'submodule' ? '📦' : '📄'}
                </span>{' '}
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
