import { Link } from 'react-router';
import type { ReleaseItemFragment } from '../../../__generated__/pages/repo/releases/releases.ts';
import { RenderedMarkdown } from '../../../components/Markdown.tsx';
import { TimeAgo } from '../../../components/Time.tsx';

/** A size in bytes as people read it. */
export function formatSize(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${unit === 0 ? size : size.toFixed(1)} ${units[unit]}`;
}

/** One release: title, tag, labels, rendered notes and assets. `heading` is the level its title takes. */
export function ReleaseView({ release, base, canWrite, heading: Heading = 'h2' }: { release: ReleaseItemFragment; base: string; canWrite: boolean; heading?: 'h1' | 'h2' }) {
  const tag = encodeURIComponent(release.tagName);
  return (
    <article className="box release" aria-labelledby={`release-${release.databaseId}`}>
      <header className="row">
        <Heading id={`release-${release.databaseId}`} className="release-title">
          <Link to={`${base}/releases/tag/${tag}`}>{release.title || release.tagName}</Link>
        </Heading>
        {release.isDraft && <span className="label">Draft</span>}
        {release.isPrerelease && <span className="label">Pre-release</span>}
        {canWrite && (
          <Link className="button" to={`${base}/releases/edit/${tag}`}>
            Edit
          </Link>
        )}
      </header>
      <div className="body stack">
        <p className="muted row">
          <span>
            Tag <code>{release.tagName}</code>
          </span>
          {release.publisher && (
            <span>
              by <Link to={`/${release.publisher.login}`}>{release.publisher.login}</Link>
            </span>
          )}
          <TimeAgo iso={release.createdAt} />
        </p>
        {release.bodyHtml && <RenderedMarkdown html={release.bodyHtml} />}
        <section aria-label={`Assets of ${release.title || release.tagName}`}>
          <h3 className="release-assets-title">Assets</h3>
          {release.assets.length === 0 && <p className="muted">No assets.</p>}
          <ul className="plain">
            {release.assets.map((a) => (
              <li key={a.databaseId} className="row">
                <a href={a.downloadUrl} download={a.externalUrl ? undefined : a.name}>
                  {a.name}
                </a>
                {!a.externalUrl && <span className="muted">{formatSize(a.size)}</span>}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}
