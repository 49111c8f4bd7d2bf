// Run by the document requests journey on PostgreSQL (E2E_DATABASE_URL): the reminders job once, with its clock moved
// to TODAY, on the database the servers use (their mail workers send what it queues). On the embedded database the
// journey asks the running server instead, through its admin socket (`requests:remind`).
import { sendDueReminders } from "~/features/requests/index.server.ts";
import { openDatabase } from "~/server/db/client.ts";

const url = process.env.DATABASE_URL;
const today = process.env.TODAY;
if (!url || !today || !process.env.PUBLIC_URL) throw new Error("DATABASE_URL, PUBLIC_URL and TODAY are required");
const database = await openDatabase({ url });
try {
  console.log(`${await sendDueReminders(database.db, process.env.PUBLIC_URL, today)} reminders sent`);
} finally {
  await database.close();
}
