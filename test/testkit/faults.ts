import type { ServerKit } from './use-server.ts';

/**
 * Makes the database refuse inserts into `table` whose `column` holds `value`, as a disk or constraint fault would,
 * until the returned function lifts it: the way a test shows that a write failing part-way leaves nothing behind.
 */
export async function failInserts(server: ServerKit, table: string, column: string, value: string): Promise<() => Promise<void>> {
  const { db, target } = server.app.database;
  const literal = `'${value.replace(/'/g, "''")}'`;
  if (target.provider === 'sqlite') {
    await db.$executeRawUnsafe(
      `CREATE TRIGGER graft_test_fault BEFORE INSERT ON "${table}" WHEN NEW."${column}" = ${literal} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`,
    );
    return async () => void (await db.$executeRawUnsafe('DROP TRIGGER graft_test_fault'));
  }
  await db.$executeRawUnsafe(`CREATE FUNCTION graft_test_fault() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$ LANGUAGE plpgsql`);
  await db.$executeRawUnsafe(
    `CREATE TRIGGER graft_test_fault BEFORE INSERT ON "${table}" FOR EACH ROW WHEN (NEW."${column}" = ${literal}) EXECUTE FUNCTION graft_test_fault()`,
  );
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER graft_test_fault ON "${table}"`);
    await db.$executeRawUnsafe('DROP FUNCTION graft_test_fault()');
  };
}
