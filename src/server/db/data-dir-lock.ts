import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database may be open in one process only: a second one would not see the first one's writes and can
 * corrupt the files. The process that opens it holds DATA_DIR/pglite.lock, made atomically with its pid in it; a
 * lock left by a process that no longer runs is taken over; the lock goes when the database closes or the process
 * exits.
 */

export const LOCK_FILE = "pglite.lock";

/** Thrown when another running process holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. Only one process may open it: stop that process, ` +
        `or work through it (npm run user:create talks to a running server).`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

function running(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holder(file: string): number | null {
  try {
    return Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch {
    return null;
  }
}

/** Takes the lock of a data folder (which must exist), or throws DataDirLockedError. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const pid = holder(file);
    if (pid === process.pid) throw new DataDirLockedError(dataDir, pid);
    if (pid !== null && running(pid)) throw new DataDirLockedError(dataDir, pid);
    if (attempt >= 5) throw new Error(`could not take the lock ${file}`);
    // Stale: moved aside under a name of our own (atomic, so that of two processes only one moves it). If what was
    // moved is not the stale lock (another process took it over in between), it goes back and that process holds it.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = holder(aside);
    if (moved !== pid && moved !== null && running(moved)) {
      renameSync(aside, file);
      throw new DataDirLockedError(dataDir, moved);
    }
    unlinkSync(aside);
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    if (holder(file) === process.pid) unlinkSync(file);
  };
  process.on("exit", release);
  return { release };
}
