/**
 * HTML the server rendered from Markdown (src/markup: sanitized there, with no script or event handler), so it
 * is safe to insert as it is.
 */
export function RenderedMarkdown({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`markdown ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
