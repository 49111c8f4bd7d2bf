// npm run user:create -- --email ops@example.com --role admin [--password '...'] [--first-name A --last-name B]
// Creates a verified account with that role and name, or gives an existing account the role (and the name given).
// In a terminal, a first or last name not given is asked for. On the embedded database a running server holds
// the data folder: the command then runs through that server's admin socket (decision 079).
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import pino from "pino";
import { callAdminSocket } from "~/server/admin-socket.ts";
import { ConfigError, loadConfig } from "~/server/config.ts";
import { DataDirLockedError } from "~/server/db/data-dir-lock.ts";
import { createContext } from "~/server/server.ts";
import { composition } from "~/app/server/composition.server.ts";
import { createOrUpdateUser, ROLES, userCreateMessage, type UserCreateInput } from "~/features/auth/user-admin.server.ts";
import type { SiteRole as Role } from "~/server/http/guards.ts";

/** Asks for the names not given, when a person is at the terminal. */
async function askNames(input: UserCreateInput): Promise<UserCreateInput> {
  if (!process.stdin.isTTY || (input.firstName && input.lastName)) return input;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const firstName = input.firstName ?? (await rl.question("First name: "));
    const lastName = input.lastName ?? (await rl.question("Last name: "));
    return { ...input, firstName, lastName };
  } finally {
    rl.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      role: { type: "string", default: "client" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
  });
  if (!values.email || !ROLES.includes(values.role as Role)) {
    console.error(
      `usage: npm run user:create -- --email <address> --role <${ROLES.join("|")}> --first-name <name> --last-name <name> [--password <password>]`,
    );
    process.exit(2);
  }
  const config = loadConfig();
  const input = await askNames({
    email: values.email,
    role: values.role as Role,
    password: values.password ?? process.env.USER_PASSWORD,
    firstName: values["first-name"],
    lastName: values["last-name"],
  });

  if (!config.databaseUrl) {
    const answer = await callAdminSocket(config.dataDir, "user:create", input);
    if (answer) {
      if (!answer.ok) throw new Error(answer.error);
      console.log(answer.message);
      return;
    }
  }
  const ctx = await createContext(config, composition, pino({ level: "warn" }));
  try {
    console.log(userCreateMessage(await createOrUpdateUser(ctx, input)));
  } finally {
    await ctx.mail.stop();
    await ctx.database.close();
  }
}

main().catch((err: Error) => {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof DataDirLockedError)
    console.error(
      `user:create failed: the embedded database in ${err.dataDir} is in use by process ${err.pid}, which takes no ` +
        `commands on its admin socket. Stop that process (Ctrl+C in its terminal, or kill ${err.pid}) and run the command again.`,
    );
  else console.error(`user:create failed: ${err.message}`);
  process.exit(1);
});
