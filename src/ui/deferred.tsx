import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode, type RefObject } from "react";
import { hasSessionHint } from "~/lib/session-hint.ts";
import { useHydrated } from "./use-hydrated.ts";

type Lazy<P> = { default: ComponentType<P> };

/** A thenable that calls back at once: React.lazy then renders the component in the same pass. */
const resolved = <T,>(value: T) => ({ then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) }) as unknown as Promise<T>;

/** On the server: the loads of the deferred modules, awaited before a page is rendered. */
const serverLoads = new Set<Promise<unknown>>();

/** Resolves once every deferred module has loaded on the server (the server entry awaits it before rendering). */
export function deferredModulesLoaded(): Promise<unknown> {
  return Promise.allSettled(serverLoads);
}

/** What tells that a visitor is at the page: the deferred modules are fetched on the first of these. */
const INTERACTION_EVENTS = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "wheel"] as const;

let wanted: Promise<void> | undefined;
let want: () => void = () => {};
/** Resolves on the visitor's first interaction with the page, or when a deferred component must render now. */
function whenWanted(): Promise<void> {
  if (wanted) return wanted;
  wanted = new Promise<void>((resolve) => {
    const done = () => {
      for (const type of INTERACTION_EVENTS) window.removeEventListener(type, done, true);
      resolve();
    };
    want = done;
    for (const type of INTERACTION_EVENTS) window.addEventListener(type, done, { capture: true, passive: true });
    // Focus already in a field (the visitor was quicker than the page's script), or a signed-in visitor, whose
    // page is drawn again with their details once the session call returns: wanted now.
    if ((document.activeElement && document.activeElement !== document.body) || hasSessionHint(document.cookie)) done();
  });
  return wanted;
}

/** The deferred components' elements whose script is live, and the submits waiting for one to be. */
const live = new WeakSet<Element>();
const waiting = new Map<Element, (() => void)[]>();

function markLive(host: Element) {
  live.add(host);
  for (const resume of waiting.get(host) ?? []) queueMicrotask(resume);
  waiting.delete(host);
}

if (typeof window !== "undefined") {
  void whenWanted();
  // With the script running, a press is held until the form is live (below): the submit buttons, disabled in the
  // server's HTML for visitors without script (the account forms would post a plain request), are live at once, and
  // the forms' own checks (with their messages) replace the browser's.
  for (const form of document.querySelectorAll<HTMLFormElement>("[data-deferred] form")) {
    form.noValidate = true;
    for (const button of form.querySelectorAll<HTMLButtonElement>("button[type=submit]:disabled")) button.disabled = false;
  }
  // A form sent before its script is live (a press quicker than the fetch) is held, then sent again through the
  // script, so that it is checked and told as always rather than posted as a plain document request.
  window.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      // Held already by the page's start script (page-start.ts), which sends it again once React has hydrated the
      // page (and this listener then holds it if its component is not live yet): holding it here too would send it twice.
      if (event.defaultPrevented) return;
      const host = form.closest("[data-deferred]");
      if (!host || live.has(host)) return;
      event.preventDefault();
      event.stopPropagation();
      want();
      const submitter = event.submitter;
      waiting.set(host, [...(waiting.get(host) ?? []), () => form.requestSubmit(submitter?.isConnected ? submitter : null)]);
    },
    true,
  );
}

/**
 * Rendered only when React draws a deferred component in the browser without the server's HTML (a page opened by
 * a link in the app, or HTML React had to set aside): the module is wanted now, not on the next interaction.
 */
function WantNow() {
  useEffect(() => want(), []);
  return null;
}

/**
 * Inside the boundary: once the component is hydrated and has drawn itself as live (its own `useHydrated` flips in
 * the same render as this one's), submits held for it may go.
 */
function Live({ host, children }: { host: RefObject<HTMLDivElement | null>; children: ReactNode }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && host.current) markLive(host.current);
  }, [hydrated, host]);
  return children;
}

/**
 * Components whose code (and its libraries: react-hook-form for the public pages' forms) is not part of the page's
 * load. The server loads the module up front and renders the components in full, so the HTML is complete (and the
 * forms work as plain forms). In the browser, a page whose HTML came from the server fetches the module on the
 * visitor's first interaction (a pointer moved or pressed, a key, focus, a touch, the wheel); until it has arrived
 * the server's HTML stays as it is (what is typed is kept), and a form sent meanwhile is held and sent once its
 * script is live. A component drawn in the browser (after a link in the app) fetches it at once. Components of one
 * module share one fetch; once it is loaded, a component shown later renders at once.
 */
export function deferredModule<M>(load: () => Promise<M>) {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  const get = () =>
    (pending ??= load().then(
      (m) => (module = m),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  if (typeof window === "undefined") serverLoads.add(get().catch(() => {}));

  return {
    /** Starts fetching the module (no-op once loaded). */
    preload: () => void get().catch(() => {}),
    component<P extends object>(pick: (m: M) => ComponentType<P>): ComponentType<P> {
      const Component = lazy<ComponentType<P>>(() =>
        module
          ? resolved<Lazy<P>>({ default: pick(module) })
          : whenWanted()
              .then(get)
              .then((m) => ({ default: pick(m) })),
      );
      function Deferred(props: P) {
        const host = useRef<HTMLDivElement>(null);
        return (
          <div ref={host} data-deferred="" className="contents">
            <Suspense fallback={<WantNow />}>
              <Live host={host}>
                <Component {...props} />
              </Live>
            </Suspense>
          </div>
        );
      }
      return Deferred;
    },
  };
}
