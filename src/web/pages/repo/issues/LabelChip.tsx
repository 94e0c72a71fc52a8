import type { IssueLabelChipFragment } from '../../../__generated__/pages/repo/issues/issues.ts';

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(color: string): string {
  const hex = color.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? '#000' : '#fff';
}

/** A label in its colour, with its description on hover. */
export function LabelChip({ label }: { label: Pick<IssueLabelChipFragment, 'name' | 'color' | 'description'> }) {
  return (
    <span className="issue-label" style={{ background: label.color, color: textOn(label.color) }} title={label.description || undefined}>
      {label.name}
    </span>
  );
}
