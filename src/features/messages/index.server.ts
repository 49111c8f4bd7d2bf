/** What other features may use of messages, on the server (this module is server-only: not for browser code). */
export { postContactMessage } from "./contact-message.server.ts";
export { conversationGlance } from "./conversations.server.ts";
