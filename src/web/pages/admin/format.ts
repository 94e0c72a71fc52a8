/** Bytes in the largest unit that keeps the number at least 1: "12.3 MiB". */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Seconds as days, hours, minutes and seconds: "2d 3h 4m 5s", leading zero parts left out. */
export function formatDuration(totalSeconds: number): string {
  const parts: [number, string][] = [
    [Math.floor(totalSeconds / 86400), 'd'],
    [Math.floor((totalSeconds % 86400) / 3600), 'h'],
    [Math.floor((totalSeconds % 3600) / 60), 'm'],
    [totalSeconds % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  return parts
    .slice(first === -1 ? parts.length - 1 : first)
    .map(([n, unit]) => `${n}${unit}`)
    .join(' ');
}
