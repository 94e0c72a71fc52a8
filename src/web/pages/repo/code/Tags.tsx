import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { TagListDocument } from '../../../__generated__/pages/repo/code/code.ts';
import { ErrorMessage, Loading } from '../../../components/Status.tsx';
import { TimeAgo } from '../../../components/Time.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { CursorPager } from '../../../components/Paging.tsx';
import { commitUrl, encodePath, srcUrl } from './paths.ts';

/** /{repo}/tags: every tag with the commit it names and downloads, 30 a page. */
export default function Tags() {
  const repository = useRepository();
  const after = useSearchParams()[0].get('after');
  const [{ data, error }] = useQuery({ query: TagListDocument, variables: { ...useRepositoryName(), after } });
  if (error) return <ErrorMessage error={error} />;
  const tags = data?.repository?.tags;
  if (!tags) return <Loading />;
  const repo = repository.fullName;
  return (
    <section aria-labelledby="tags-title">
      <h1 id="tags-title">
        Tags <span className="count">{tags.totalCount}</span>
      </h1>
      {tags.nodes.length === 0 && <p className="muted">No tags.</p>}
      <ul className="plain ref-list">
        {tags.nodes.map((t) => (
          <li key={t.name} className="row">
            <Link className="ref-name" to={srcUrl(repo, 'tag', t.name)}>
              {t.name}
            </Link>
            {t.commit && t.commitOid && (
              <>
                <Link className="mono muted" to={commitUrl(repo, t.commitOid)}>
                  {t.commit.abbreviatedOid}
                </Link>
                <span className="muted">
                  <TimeAgo iso={t.commit.committer.date} />
                </span>
              </>
            )}
            <a href={`/${repo}/archive/${encodePath(t.name)}.zip`}>ZIP</a>
            <a href={`/${repo}/archive/${encodePath(t.name)}.tar.gz`}>TAR.GZ</a>
          </li>
        ))}
      </ul>
      <CursorPager pageInfo={tags.pageInfo} />
    </section>
  );
}
