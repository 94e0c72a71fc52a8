import { useId, useState } from 'react';
import { useClient } from 'urql';
import { MarkdownPreviewDocument } from '../../../__generated__/pages/repo/issues/issues.ts';
import { RenderedMarkdown } from '../../../components/Markdown.tsx';
import { ErrorMessage, Loading } from '../../../components/Status.tsx';

/**
 * A Markdown textarea with a Preview tab; the preview is the server's rendering (the same as the posted text will
 * get), in the repository's context so `#12` links to its issues.
 */
export function MarkdownEditor(props: { label: string; value: string; onChange: (text: string) => void; context: string; required?: boolean }) {
  const id = useId();
  const client = useClient();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<{ html?: string; error?: string; loading?: boolean }>({});
  async function showPreview() {
    setTab('preview');
    setPreview({ loading: true });
    const result = await client.query(MarkdownPreviewDocument, { input: { text: props.value, mode: 'comment', context: props.context } }, { requestPolicy: 'network-only' }).toPromise();
    setPreview(result.error ? { error: result.error.message } : { html: result.data?.renderMarkdown ?? '' });
  }
  return (
    <div className="markdown-editor">
      <div className="editor-tabs" role="group" aria-label={`${props.label}: write or preview`}>
        <button type="button" aria-pressed={tab === 'write'} onClick={() => setTab('write')}>
          Write
        </button>
        <button type="button" aria-pressed={tab === 'preview'} onClick={showPreview}>
          Preview
        </button>
      </div>
      <label htmlFor={id} className={tab === 'write' ? '' : 'visually-hidden'}>
        {props.label}
      </label>
      <textarea id={id} hidden={tab !== 'write'} value={props.value} required={props.required} onChange={(e) => props.onChange(e.target.value)} />
      {tab === 'preview' && (
        <div className="box body editor-preview" aria-label={`${props.label} preview`} role="region">
          {preview.loading ? <Loading label="Rendering" /> : preview.error ? <ErrorMessage error={preview.error} /> : preview.html ? <RenderedMarkdown html={preview.html} /> : <p className="muted">Nothing to preview.</p>}
        </div>
      )}
    </div>
  );
}
