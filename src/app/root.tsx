import "./browser-setup.ts";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { AuthProvider } from "~/features/auth/components/auth-context.tsx";
import { DeferredToaster } from "~/ui/deferred-toaster.tsx";
import { NonceContext, useNonce } from "./nonce.tsx";
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from "./seo.ts";
import { ScrollManager } from "./layout/scroll-manager.tsx";
import { AppFooter, SiteFooter } from "./layout/site-footer.tsx";
import { SiteHeader } from "./layout/site-header.tsx";
import { AppHeader } from "./layout/app-header.tsx";
import { NotFoundPage } from "./layout/not-found-page.tsx";
import { useSessionUser } from "./layout/session-user.ts";

export function loader({ context }: Route.LoaderArgs) {
  const user = context.user;
  return {
    user: user
      ? {
          id: user.id,
          email: user.email,
          name: user.name,
          emailVerified: user.emailVerified,
          role: user.role,
          firstName: user.firstName ?? null,
          lastName: user.lastName ?? null,
          companyName: user.companyName ?? null,
        }
      : null,
    sessionId: context.sessionId,
    /** False on public pages: their HTML is the same for everyone, the browser asks who is signed in after load. */
    sessionKnown: !context.publicPage,
    publicUrl: context.app.config.publicUrl,
    googleEnabled: Boolean(context.app.config.google),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export const meta: Route.MetaFunction = () => [{ title: DEFAULT_TITLE }, { name: "description", content: DEFAULT_DESCRIPTION }];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The same file app.css names in its @font-face (one hashed asset): fetched with the page, not after the CSS.
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  const user = useSessionUser(data);
  const { pathname } = useLocation();
  // The signed-in portal and the firm's workspace (routes with handle.appShell) are applications: their own header,
  // no marketing footer. An error page (a 404 of the hidden firm workspace among them) keeps the public layout, so
  // it looks the same wherever it is met.
  const error = useRouteError();
  const matches = useMatches();
  const appShell = !error && matches.some((m) => (m.handle as { appShell?: boolean } | undefined)?.appShell === true);
  const canonical = data ? `${data.publicUrl}${pathname === "/" ? "/" : pathname.replace(/\/+$/, "")}` : undefined;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e40af" />
        <Meta />
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-ink antialiased">
        <NonceContext.Provider value={nonce}>
          <AuthProvider user={user} sessionId={data?.sessionId ?? null}>
            {appShell ? <AppHeader /> : <SiteHeader />}
            <main id="main" className="flex-1" tabIndex={-1}>
              {children}
            </main>
            {appShell ? <AppFooter /> : <SiteFooter />}
            {/* Below the sticky header (64 px and its border), so a toast never covers the navigation or the user menu. */}
            <DeferredToaster
              eager={data?.sessionKnown ?? true}
              richColors
              closeButton
              position="top-right"
              offset={{ top: 80 }}
              mobileOffset={{ top: 76 }}
            />
            <ScrollManager />
          </AuthProvider>
        </NonceContext.Provider>
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">Temporarily unavailable</h1>
        <p className="mt-4 text-muted">The service is temporarily unavailable. Please try again in a moment.</p>
        <a href="" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Try again
        </a>
      </section>
    );
  }
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{message}</h1>
      <p className="mt-4 text-muted">Something went wrong. Please try again later.</p>
      <a href="/" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </a>
    </section>
  );
}
