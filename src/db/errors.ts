/**
 * Database errors the domain reacts to. Both adapters (SQLite, PostgreSQL) report a unique constraint that a
 * write would break as Prisma's P2002, so a race the checks before it lost is recognised here, in one place.
 */
export const isUniqueViolation = (err: unknown): boolean => (err as { code?: string } | null)?.code === 'P2002';
