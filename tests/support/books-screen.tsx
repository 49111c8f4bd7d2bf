import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { canBooks, type BooksPermission } from "~/features/tenancy/index.ts";
import type { BooksStanding } from "~/features/tenancy/tenancy.types.ts";
import { BooksProvider, type useBooks } from "~/features/ledger/index.ts";

/** A screen of the books as a member standing so sees it, as HTML: the books' layout hands it `useBooks()`. */
export function renderInBooks(node: ReactNode, standing: BooksStanding, organization = { id: 1, name: "Bakery", currency: "USD" }): string {
  const can = new Proxy({} as Record<BooksPermission, boolean>, { get: (_, p) => canBooks(standing, p as BooksPermission) });
  const books: ReturnType<typeof useBooks> = {
    organization,
    role: standing.role,
    side: standing.side,
    firmKeeps: standing.firmKeeps,
    can,
    userId: "u1",
    accounts: [],
  };
  const router = createMemoryRouter([{ path: "/", element: <Outlet context={books} />, children: [{ index: true, element: node }] }]);
  return renderToStaticMarkup(
    <BooksProvider value={{ id: organization.id, currency: organization.currency }}>
      <RouterProvider router={router} />
    </BooksProvider>,
  );
}

/** The texts of a rendered screen's buttons. */
export const buttonTexts = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1]);
