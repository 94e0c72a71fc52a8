import { Link } from 'react-router';
import { srcUrl, type RefType } from './paths.ts';

/** The path from the repository root, each directory a link; the last part is the current page. */
export function Breadcrumbs({ repo, repoName, refType, refName, path }: { repo: string; repoName: string; refType: RefType; refName: string; path: string }) {
  const parts = path ? path.split('/') : [];
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        <li>
          <Link to={srcUrl(repo, refType, refName)}>{repoName}</Link>
        </li>
        {parts.map((part, i) => (
          <li key={i}>
            {i === parts.length - 1 ? (
              <span aria-current="page">{part}</span>
            ) : (
              <Link to={srcUrl(repo, refType, refName, parts.slice(0, i + 1).join('/'))}>{part}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
