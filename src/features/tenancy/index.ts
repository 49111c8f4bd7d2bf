export { type BooksPermission, canBooks } from "./books-permissions.ts";
export { OrganizationSwitcher } from "./components/organization-switcher.tsx";
