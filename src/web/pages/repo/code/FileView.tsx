import { useState } from 'react';
import { useQuery } from 'urql';
import { RenderFileDocument } from '../../../__generated__/pages/repo/code/code.ts';
import { RenderedMarkdown } from '../../../components/Markdown.tsx';
import { ErrorMessage, Loading } from '../../../components/Status.tsx';
import { CodeLines } from './CodeLines.tsx';
import { decodeText, formatSize, isImage, isMarkdown, rawUrl, srcUrl, type RefType } from './paths.ts';

export interface FileEntry {
  name: string;
  path: string;
  type: string;
  size: number;
  content?: string | null;
  target?: string | null;
}

/** A file: an image as an image, Markdown rendered (or its source), text highlighted, anything else to download. */
export function FileView({ repo, refType, refName, file }: { repo: string; refType: RefType; refName: string; file: FileEntry }) {
  const raw = rawUrl(repo, refType, refName, file.path);
  const text = file.content != null ? decodeText(file.content) : null;
  const markdown = text !== null && isMarkdown(file.path);
  const [source, setSource] = useState(false);
  const lines = text === null ? 0 : text.replace(/\n$/, '').split('\n').length;
  return (
    <section className="box file-view" aria-label={file.name}>
      <header className="row file-header">
        <h2 className="file-name">{file.name}</h2>
        <span className="muted">
          {text !== null && `${lines} ${lines === 1 ? 'line' : 'lines'} · `}
          {formatSize(file.size)}
        </span>
        <span className="row file-actions">
          {markdown && (
            <span className="row" role="group" aria-label="Show">
              <button type="button" aria-pressed={!source} onClick={() => setSource(false)}>
                Preview
              </button>
              <button type="button" aria-pressed={source} onClick={() => setSource(true)}>
                Source
              </button>
            </span>
          )}
          <a className="button" href={raw}>
            Raw
          </a>
          <a className="button" href={raw} download={file.name}>
            Download
          </a>
        </span>
      </header>
      {file.type === 'symlink' && file.target != null ? (
        <p className="body">
          Symbolic link to <code>{file.target}</code>
        </p>
      ) : isImage(file.path) ? (
        <div className="body file-image">
          <img src={raw} alt={file.name} />
        </div>
      ) : file.content == null && file.size > 0 ? (
        <p className="body muted">
          This file is too large to show here. <a href={raw}>View it raw</a>.
        </p>
      ) : text === null ? (
        <p className="body muted">
          Binary file, not shown. <a href={raw} download={file.name}>Download it</a>.
        </p>
      ) : markdown && !source ? (
        <MarkdownFile text={text} path={file.path} context={srcUrl(repo, refType, refName, file.path.split('/').slice(0, -1).join('/'))} />
      ) : (
        <CodeLines text={text} path={file.path} />
      )}
    </section>
  );
}

/** A Markdown file rendered by the server (src/markup), relative links resolved against its directory. */
export function MarkdownFile({ text, path, context }: { text: string; path: string; context: string }) {
  const [{ data, error }] = useQuery({ query: RenderFileDocument, variables: { text, filePath: path, context } });
  if (error) return <ErrorMessage error={error} />;
  if (!data) return <Loading label="Rendering" />;
  return <RenderedMarkdown className="body" html={data.renderMarkdown} />;
}
