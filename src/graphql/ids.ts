/**
 * The database id inside a decoded global id. A malformed one becomes -1, which matches no row, so
 * node(id:) answers null instead of an internal error.
 */
export function databaseIdOf(id: string | number): number {
  const n = typeof id === 'number' ? id : Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : -1;
}
