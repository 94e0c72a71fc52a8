import { Link } from 'react-router';
import { useQuery } from 'urql';
import { WikiPagesDocument } from '../../../__generated__/pages/repo/wiki/wiki.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { wikiPath } from './wiki-text.ts';

/** /:owner/:repo/wiki/_pages: every page of the wiki, with when it last changed. */
export default function WikiPages() {
  const repo = useRepository();
  const [{ data, error, fetching }] = useQuery({ query: WikiPagesDocument, variables: useRepositoryName() });
  if (!repo.hasWiki) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const pages = data?.repository?.wiki?.pages;
  return (
    <section aria-labelledby="wiki-pages-title" className="stack">
      <div className="row spread">
        <h2 id="wiki-pages-title">Wiki pages {pages && <span className="count">{pages.totalCount}</span>}</h2>
        {repo.viewerPermissions.push && (
          <Link className="button primary" to={`/${repo.fullName}/wiki/_new`}>
            New page
          </Link>
        )}
      </div>
      {!pages || pages.nodes.length === 0 ? (
        <p className="muted">This wiki has no page yet.</p>
      ) : (
        <ul className="plain">
          {pages.nodes.map((p) => (
            <li key={p.subUrl} className="row spread">
              <Link to={wikiPath(repo.fullName, p.subUrl)}>{p.title}</Link>
              {p.lastCommit && <span className="muted">{new Date(p.lastCommit.author.date).toLocaleDateString()}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
