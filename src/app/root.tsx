import "./browser-setup.ts";
import { Suspense, lazy, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, useLocation, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { AuthProvider } from "~/features/auth/components/auth-context.tsx";
import { DeferredToaster } from "~/ui/deferred-toaster.tsx";
import { HYDRATED_EVENT } from "~/lib/hydrated-event.ts";
import { NonceContext, useNonce } from "./nonce.tsx";
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from "./seo.ts";
import { ScrollManager } from "./layout/scroll-manager.tsx";
import { SiteFooter } from "./layout/site-footer.tsx";
import { SiteHeader } from "./layout/site-header.tsx";
import { appShellOf } from "./layout/app-shell.ts";
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
  // First in the head: the one render-blocking request, asked for before the font and the scripts.
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The same file app.css names in its @font-face (one hashed asset): fetched with the page, not after the CSS.
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  const user = useSessionUser(data);
  const { pathname } = useLocation();
  // The signed-in portal and the firm's workspace (handle.appShell) are applications: their own header,
  // no marketing footer. An error page (a 404 of the hidden firm workspace among them) keeps the public layout, so
  // it looks the same wherever it is met.
  const error = useRouteError();
  const matches = useMatches();
  const shell = error ? null : appShellOf(matches);
  // Said once, when the root is hydrated: a public page's start-up script then hands over the presses it held.
  useEffect(() => void window.dispatchEvent(new Event(HYDRATED_EVENT)), []);
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
            {shell ? <shell.Header /> : <SiteHeader />}
            <main id="main" className="flex-1" tabIndex={-1}>
              {children}
            </main>
            {shell ? <shell.Footer /> : <SiteFooter />}
            {/* Bottom right (along the bottom on a phone), in the strip the dialogs leave free (src/ui/modal.tsx): a toast
                never covers the header, the books switcher or a dialog's buttons, and it goes at the next press or key.
                At once for a signed-in user (the application's screens toast often); otherwise on
                the first interaction or toast (the public pages, sign-in and password reset load no toast code before). */}
            <DeferredToaster
              eager={Boolean(data?.sessionKnown && user)}
              richColors
              closeButton
              position="bottom-right"
              offset={{ bottom: 12, right: 16 }}
              mobileOffset={{ bottom: 12, left: 12, right: 12 }}
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

// The error pages load when one is shown: the public pages' script carries none of them (decision 015's budget).
const ErrorPage = lazy(() => import("./layout/error-page.tsx"));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPage error={error} />
    </Suspense>
  );
}
