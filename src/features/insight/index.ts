/** What other features may use of the insight feature, in the browser and on the server alike (no server module here). */
export { Dashboard } from "./components/dashboard.tsx";
export { CommentaryScreen } from "./components/commentary-screen.tsx";
export { CommentaryReader, PublishedCommentaryCard } from "./components/published-commentary.tsx";
