/**
 * Database errors the domain reacts to. Both adapters (SQLite, PostgreSQL) report a unique constraint that a
 * write would break as Prisma's P2002, so a race the checks before it lost is recognised here, in one place.
 * Raw statements (insert-rows.ts) fail with P2010 instead, the driver's own kind of error under it.
 */
export function isUniqueViolation(err: unknown): boolean {
  const known = err as { code?: string; meta?: { driverAdapterError?: { cause?: { kind?: string } } } } | null;
  if (known?.code === 'P2002') return true;
  return known?.code === 'P2010' && known.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation';
}
