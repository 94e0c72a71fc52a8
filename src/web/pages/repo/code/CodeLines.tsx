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
  // Each chunk is a block that the browser lays out only when it comes near the screen (content-visibility),
  // with its height known beforehand, so a long file paints as fast as a short one.
  const block = (lines: number) => `class="code-chunk" style="contain-intrinsic-block-size:calc(${lines} * 1.45em)"`;
  const numbers = useMemo(
    () =>
      chunks
        .map((c, i) => `<span ${block(c.length)}>${c.map((_, j) => ((n) => `<a id="L${n}" href="#L${n}">${n}</a>`)(i * CHUNK + j + 1)).join('\n')}</span>`)
        .join(''),
    [chunks],
  );
  const plain = useMemo(() => chunks.map((c, i) => `<span ${block(c.length)} data-chunk="${i}">${escapeHtml(c.join('\n'))}</span>`).join(''), [chunks]);

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
