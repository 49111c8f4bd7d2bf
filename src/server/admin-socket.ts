import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import { errorLogFields } from "./errors.ts";

/**
 * The local admin socket (decision 079): while a server holds the embedded database (only one process may), the
 * operator's commands run through it instead of opening the files a second time. A Unix socket in DATA_DIR, mode
 * 0600 (only the account that runs the server reaches it), one JSON line asked, one JSON line answered, and only
 * the operations the composition hands over (`npm run user:create`).
 */

export const ADMIN_SOCKET = "admin.sock";
const MAX_REQUEST_BYTES = 16 * 1024;

/** An operation's handler: the request's input (unchecked JSON) in, the line to show the operator out. */
export type AdminOperation = (input: unknown) => Promise<string>;

export type AdminAnswer = { ok: true; message: string } | { ok: false; error: string };

export interface AdminSocket {
  close(): Promise<void>;
}

function answer(socket: net.Socket, body: AdminAnswer) {
  socket.end(`${JSON.stringify(body)}\n`);
}

/** Listens on DATA_DIR/admin.sock. Call only while holding the data folder's lock (a socket file left there is old). */
export async function serveAdminSocket(dataDir: string, operations: Record<string, AdminOperation>, logger: Logger): Promise<AdminSocket> {
  const file = path.join(dataDir, ADMIN_SOCKET);
  rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let text = "";
    socket.setEncoding("utf8");
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > MAX_REQUEST_BYTES) return answer(socket, { ok: false, error: "request too large" });
      const end = text.indexOf("\n");
      if (end < 0) return;
      socket.removeAllListeners("data");
      let request: { op?: unknown; input?: unknown };
      try {
        request = JSON.parse(text.slice(0, end)) as typeof request;
      } catch {
        return answer(socket, { ok: false, error: "request is not JSON" });
      }
      const operation = typeof request.op === "string" && Object.hasOwn(operations, request.op) ? operations[request.op] : undefined;
      if (!operation) return answer(socket, { ok: false, error: `unknown operation; known: ${Object.keys(operations).join(", ")}` });
      operation(request.input).then(
        (message) => {
          logger.info({ op: request.op }, "admin operation");
          answer(socket, { ok: true, message });
        },
        (err: Error) => {
          logger.warn({ op: request.op, ...errorLogFields(err) }, "admin operation refused");
          answer(socket, { ok: false, error: err.message });
        },
      );
    });
  });
  // Made with no permission for group and others from the start, then set again explicitly.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

/**
 * Asks the server that holds DATA_DIR to run an operation. Null when no server listens there (no socket, or one
 * left by a process that has stopped).
 */
export function callAdminSocket(dataDir: string, op: string, input: unknown): Promise<AdminAnswer | null> {
  const file = path.join(dataDir, ADMIN_SOCKET);
  return new Promise((resolve, reject) => {
    let text = "";
    let connected = false;
    const socket = net.connect(file, () => {
      connected = true;
      socket.write(`${JSON.stringify({ op, input })}\n`);
    });
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(text) as AdminAnswer);
      } catch {
        reject(new Error("the running server gave no answer"));
      }
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === "ENOENT" || err.code === "ECONNREFUSED")) resolve(null);
      else reject(err);
    });
  });
}
