export { getBankAccount } from "./bank-accounts.server.ts";
