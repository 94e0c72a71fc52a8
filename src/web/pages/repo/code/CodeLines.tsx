import { useEffect, useMemo, useRef } from 'react';
import { languageOf } from './languages.ts';

const CHUNK = 300;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A text file's lines with numbered anchors (#L12). The plain text paints at once (built as one HTML string,
 * not a component per line); colours follow chunk by chunk once the highlighter has loaded (highlight.ts).
 */
export function CodeLines({ text, path }: { text: string; path: string }) {
  const codeRef = useRef<HTMLElement>(null);
  const chunks = useMemo(() => {
    const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
    const out: string[][] = [];
    for (let i = 0; i < lines.length; i += CHUNK) out.push(lines.slice(i, i + CHUNK));
    return out;
  }, [text]);
  const count = chunks.reduce((n, c) => n + c.length, 0);
  const numbers = useMemo(() => Array.from({ length: count }, (_, i) => `<a id="L${i + 1}" href="#L${i + 1}">${i + 1}</a>`).join('\n'), [count]);
  const plain = useMemo(() => chunks.map((c, i) => `<span data-chunk="${i}">${escapeHtml(c.join('\n'))}</span>`).join('\n'), [chunks]);

  useEffect(() => {
    const lang = languageOf(path);
    const code = codeRef.current;
    if (!lang || !code) return;
    let cancelled = false;
    void import('./highlight.ts')
      .then(({ highlightChunks }) =>
        highlightChunks(
          chunks,
          lang,
          (i, html) => {
            const chunk = code.querySelector(`[data-chunk="${i}"]`);
            if (chunk) chunk.innerHTML = html;
            if (i === chunks.length - 1) code.dataset.highlighted = 'true';
          },
          () => cancelled,
        ),
      )
      .catch(() => {
        // The plain text stays: colours are an extra.
      });
    return () => {
      cancelled = true;
    };
  }, [chunks, path]);

  useEffect(() => {
    const target = window.location.hash.slice(1);
    if (/^L\d+$/.test(target)) document.getElementById(target)?.scrollIntoView({ block: 'center' });
  }, [numbers]);

  return (
    <div className="code-view">
      <pre className="code-numbers" dangerouslySetInnerHTML={{ __html: numbers }} />
      <pre className="code-lines" tabIndex={0} role="region" aria-label="File content">
        <code ref={codeRef} dangerouslySetInnerHTML={{ __html: plain }} />
      </pre>
    </div>
  );
}
