import { useEffect, useRef, useState } from 'react';

/**
 * A destructive action asked twice: the first button asks the question, and only its "Yes" button acts.
 * Focus moves to the question's confirm button, so keyboard users land where the choice is.
 */
export function ConfirmButton({ label, question, confirmLabel, busy, onConfirm }: { label: string; question: string; confirmLabel: string; busy?: boolean; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div role="group" aria-label={question} className="row admin-confirm">
      <span>{question}</span>
      <button type="button" className="danger" ref={confirm} disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" onClick={() => setAsking(false)} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}
