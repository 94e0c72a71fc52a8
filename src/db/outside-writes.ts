import { closeSync, openSync, readSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';

/** Offsets in a SQLite database header (the file's first 100 bytes). */
const WRITE_VERSION = 18; // 1: rollback journal, 2: WAL
const CHANGE_COUNTER = 24;

export interface OutsideWrites {
  /** Whether another connection (another process on the file) committed since the last call. */
  changed(): boolean;
  close(): void;
}

/**
 * Notices commits by other connections to a SQLite file, once per request, at the cost of one read.
 *
 * `PRAGMA data_version` tells other connections' commits from this one's exactly, but asking it takes and
 * drops a shared lock and looks for journals: about eight system calls, and a wait while another process
 * holds the write lock. In rollback-journal mode, though, every commit by any connection raises the header's
 * change counter before it completes: while the counter has not moved, nothing was committed, and one read
 * of the header says so, with no lock. Only when it moved (most often by this connection's own commit) is
 * data_version asked. In WAL mode the counter stays put, so data_version is asked every time.
 */
export function outsideWrites(sqlite: BetterSqlite3.Database): OutsideWrites {
  const header = Buffer.alloc(CHANGE_COUNTER + 4);
  let fd: number | undefined = sqlite.memory ? undefined : openSync(sqlite.name, 'r');
  const readCounter = (): number | undefined => {
    if (fd === undefined || readSync(fd, header, 0, header.length, 0) < header.length || header[WRITE_VERSION] !== 1) return undefined;
    return header.readUInt32BE(CHANGE_COUNTER);
  };
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // The counter before data_version, as in changed(): a commit between the two reads is then never missed.
  let counter = readCounter();
  let version: unknown = dataVersion.get();

  return {
    changed() {
      if (!sqlite.open) return false;
      // A commit between these two reads is in data_version now, and is told at once.
      const now = readCounter();
      if (now !== undefined && now === counter) return false;
      counter = now;
      const current = dataVersion.get();
      const changed = current !== version;
      version = current;
      return changed;
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
