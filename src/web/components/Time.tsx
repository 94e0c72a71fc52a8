const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** A moment as "3 days ago", with the exact time on hover and for machines. */
export function TimeAgo({ iso }: { iso: string }) {
  const seconds = (new Date(iso).getTime() - Date.now()) / 1000;
  const [unit, size] = STEPS.find(([, s]) => Math.abs(seconds) >= s) ?? STEPS[STEPS.length - 1];
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {relative.format(Math.round(seconds / size), unit)}
    </time>
  );
}
