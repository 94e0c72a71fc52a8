import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { CreateWikiPageDocument, DeleteWikiPageDocument, UpdateWikiPageDocument, WikiPageSourceDocument } from '../../../__generated__/pages/repo/wiki/wiki.ts';
import { ErrorMessage, Loading, NotFound } from '../../../components/Status.tsx';
import { useRepository, useRepositoryName } from '../RepoLayout.tsx';
import { fromBase64, toBase64, wikiPath } from './wiki-text.ts';

/** /wiki/_new and /wiki/:page/_edit: write a page in Markdown (writers of the wiki), or delete it. */
export default function WikiEdit() {
  const repo = useRepository();
  const name = useRepositoryName();
  const { page } = useParams();
  const [{ data, error, fetching }] = useQuery({ query: WikiPageSourceDocument, variables: { ...name, page: page ?? '' }, pause: !page });
  if (!repo.hasWiki || !repo.viewerPermissions.push) return <NotFound />;
  if (!page) return <WikiForm />;
  if (error) return <ErrorMessage error={error} />;
  if (fetching || !data) return <Loading />;
  const source = data.repository?.wiki?.page;
  if (!source) return <NotFound />;
  return <WikiForm key={source.subUrl} existing={{ subUrl: source.subUrl, title: source.title, content: fromBase64(source.contentBase64) }} />;
}

function WikiForm({ existing }: { existing?: { subUrl: string; title: string; content: string } }) {
  const repo = useRepository();
  const name = useRepositoryName();
  const navigate = useNavigate();
  const [title, setTitle] = useState(existing?.title ?? '');
  const [content, setContent] = useState(existing?.content ?? '');
  const [message, setMessage] = useState('');
  const [created, create] = useMutation(CreateWikiPageDocument);
  const [updated, update] = useMutation(UpdateWikiPageDocument);
  const [deleted, remove] = useMutation(DeleteWikiPageDocument);
  const busy = created.fetching || updated.fetching || deleted.fetching;
  const failure = created.error ?? updated.error ?? deleted.error;
  return (
    <section aria-labelledby="wiki-edit-title" className="stack">
      <h2 id="wiki-edit-title">{existing ? `Edit ${existing.title}` : 'New wiki page'}</h2>
      <form
        className="stack"
        onSubmit={async (e) => {
          e.preventDefault();
          const input = { title: title.trim(), contentBase64: toBase64(content), message: message.trim() || undefined };
          const result = existing ? await update({ ...name, page: existing.subUrl, input }) : await create({ ...name, input });
          const saved = result.data && ('createWikiPage' in result.data ? result.data.createWikiPage.page : result.data.updateWikiPage.page);
          if (saved) void navigate(wikiPath(repo.fullName, saved.subUrl));
        }}
      >
        <label>
          Title
          <input value={title} onChange={(e) => setTitle(e.target.value)} required />
        </label>
        <label>
          Content (Markdown)
          <textarea value={content} onChange={(e) => setContent(e.target.value)} rows={16} />
        </label>
        <label>
          Edit message (optional)
          <input value={message} onChange={(e) => setMessage(e.target.value)} />
        </label>
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            Save page
          </button>
          {existing && (
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={async () => {
                if (!window.confirm(`Delete the page ${existing.title}?`)) return;
                const result = await remove({ ...name, page: existing.subUrl });
                if (result.data) void navigate(`/${repo.fullName}/wiki/_pages`);
              }}
            >
              Delete page
            </button>
          )}
        </div>
      </form>
      {busy && <Loading label="Saving" />}
      {failure && <ErrorMessage error={failure} />}
    </section>
  );
}
