/** "Saved" after a form of the settings saved, announced to screen readers. */
export function Saved({ saved, text = 'Saved.' }: { saved: boolean; text?: string }) {
  return (
    <span role="status" className="success">
      {saved ? text : ''}
    </span>
  );
}
