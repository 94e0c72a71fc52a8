import { useId, useState, type FormEvent } from 'react';

export interface ReleaseFields {
  tagName: string;
  target: string;
  title: string;
  note: string;
  isDraft: boolean;
  isPrerelease: boolean;
}

/** The fields of a release, for a new one and an edit; `onSubmit` does the saving and reports its own errors. */
export function ReleaseForm({ initial, submitLabel, busy, onSubmit }: { initial: ReleaseFields; submitLabel: string; busy: boolean; onSubmit: (fields: ReleaseFields) => void }) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const set = <K extends keyof ReleaseFields>(key: K, value: ReleaseFields[K]) => setFields((f) => ({ ...f, [key]: value }));
  return (
    <form
      className="stack release-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit(fields);
      }}
    >
      <div className="row">
        <label>
          Tag name
          <input value={fields.tagName} onChange={(e) => set('tagName', e.target.value)} required />
        </label>
        <label>
          Target (branch or commit)
          <input value={fields.target} onChange={(e) => set('target', e.target.value)} aria-describedby={`${id}-target`} />
        </label>
      </div>
      <p id={`${id}-target`} className="muted">
        A new tag is made from the target when it does not exist yet.
      </p>
      <label>
        Title
        <input value={fields.title} onChange={(e) => set('title', e.target.value)} />
      </label>
      <label>
        Notes (Markdown)
        <textarea value={fields.note} onChange={(e) => set('note', e.target.value)} rows={10} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={fields.isDraft} onChange={(e) => set('isDraft', e.target.checked)} /> Draft
      </label>
      <label className="inline">
        <input type="checkbox" checked={fields.isPrerelease} onChange={(e) => set('isPrerelease', e.target.checked)} /> Pre-release
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
