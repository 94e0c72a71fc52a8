import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { WikiPageDocument } from '../../../__generated__/pages/repo/wiki/wiki.ts';
import { RenderedMarkdown } from '../../../components/Markdown.tsx';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { wikiPath } from './wiki-text.ts';

/** /:owner/:repo/wiki and /wiki/:page: a page of the wiki, rendered; the Home page by default. */
export default function WikiPage() {
  const repo = useRepository();
  const { page = 'Home' } = useParams();
  const [params] = useSearchParams();
  const action = params.get('action');
  const [{ data, error, fetching }] = useQuery({ query: WikiPageDocument, variables: { ...useRepositoryName(), page }, pause: !!action });
  const base = `/${repo.fullName}/wiki`;
  // Gitea's query-string forms of the wiki's other pages.
  if (action === '_pages') return <Navigate to={`${base}/_pages`} replace />;
  if (action === '_new') return <Navigate to={`${base}/_new`} replace />;
  if (action === '_edit') return <Navigate to={`${wikiPath(repo.fullName, page)}/_edit`} replace />;
  if (!repo.hasWiki) return <NotFound />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching && !data) return <Loading />;
  const canWrite = repo.viewerPermissions.push;
  const wiki = data?.repository?.wiki;
  if (!wiki) {
    return (
      <section aria-labelledby="wiki-title" className="stack">
        <h2 id="wiki-title">Wiki</h2>
        <p className="muted">This wiki has no page yet.</p>
        {canWrite && (
          <p>
            <Link className="button primary" to={`${base}/_new`}>
              Create the first page
            </Link>
          </p>
        )}
      </section>
    );
  }
  const shown = wiki.page;
  if (!shown) return <NotFound />;
  return (
    <article aria-labelledby="wiki-title" className="stack wiki-page">
      <div className="row spread">
        <h2 id="wiki-title">{shown.title}</h2>
        <div className="row">
          <Link to={`${base}/_pages`}>Pages</Link>
          {canWrite && (
            <>
              <Link className="button" to={`${wikiPath(repo.fullName, shown.subUrl)}/_edit`}>
                Edit
              </Link>
              <Link className="button primary" to={`${base}/_new`}>
                New page
              </Link>
            </>
          )}
        </div>
      </div>
      {shown.lastCommit && (
        <p className="muted">
          Last edited by {shown.lastCommit.author.name} on {new Date(shown.lastCommit.author.date).toLocaleDateString()}
        </p>
      )}
      <div className="box">
        <div className="body">
          <RenderedMarkdown html={shown.contentHtml} />
        </div>
      </div>
    </article>
  );
}
