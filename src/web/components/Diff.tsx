import type { ReactNode } from 'react';
import { parseDiff, type DiffFile, type DiffLine } from './diff-parse.ts';

export interface DiffProps {
  /** Raw `git diff` text. */
  diff: string;
  /** Something to show under a line (a review comment thread, a comment form). */
  afterLine?: (file: DiffFile, line: DiffLine) => ReactNode;
  /** Something to put in a line's gutter (a button to comment on it). */
  lineAction?: (file: DiffFile, line: DiffLine) => ReactNode;
}

/** A diff, file by file: a header with the path and counts, then the unified lines with both sides' numbers. */
export function Diff({ diff, afterLine, lineAction }: DiffProps) {
  const files = parseDiff(diff);
  if (files.length === 0) return <p className="muted">No changes.</p>;
  const additions = files.reduce((n, f) => n + f.additions, 0);
  const deletions = files.reduce((n, f) => n + f.deletions, 0);
  return (
    <div className="diff">
      <p className="muted">
        {files.length} changed {files.length === 1 ? 'file' : 'files'} with <span className="success">{additions} additions</span> and{' '}
        <span className="error">{deletions} deletions</span>
      </p>
      {files.map((file) => (
        <section className="box diff-file" key={`${file.oldPath}->${file.newPath}`} aria-label={`Changes to ${file.newPath}`}>
          <header className="row">
            <code>{file.status === 'renamed' ? `${file.oldPath} → ${file.newPath}` : file.newPath}</code>
            <span className="label">{file.status}</span>
            <span className="success">+{file.additions}</span>
            <span className="error">−{file.deletions}</span>
          </header>
          {file.binary ? (
            <p className="body muted">Binary file</p>
          ) : (
            <div className="table-wrap">
              <table className="diff-lines">
                <tbody>
                  {file.lines.map((line, i) => (
                    <DiffRow key={i} file={file} line={line} afterLine={afterLine} lineAction={lineAction} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

function DiffRow({ file, line, afterLine, lineAction }: { file: DiffFile; line: DiffLine } & Pick<DiffProps, 'afterLine' | 'lineAction'>) {
  if (line.kind === 'hunk') {
    return (
      <tr className="diff-hunk">
        <td colSpan={3}>{line.text}</td>
      </tr>
    );
  }
  const sign = line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' ';
  const extra = afterLine?.(file, line);
  return (
    <>
      <tr className={`diff-${line.kind}`}>
        <td className="diff-num">{line.oldLine ?? ''}</td>
        <td className="diff-num">
          {line.newLine ?? ''}
          {lineAction?.(file, line)}
        </td>
        <td className="diff-code">
          <span className="diff-sign" aria-label={line.kind === 'context' ? undefined : line.kind}>
            {sign}
          </span>
          {line.text}
        </td>
      </tr>
      {extra && (
        <tr className="diff-extra">
          <td colSpan={3}>{extra}</td>
        </tr>
      )}
    </>
  );
}
