import { lazy, Suspense, type ComponentType } from "react";

type Lazy<P> = { default: ComponentType<P> };

/** A thenable that calls back at once: React.lazy then renders the component in the same pass. */
const resolved = <T,>(value: T) => ({ then: (onFulfilled: (value: T) => unknown) => onFulfilled(value) }) as unknown as Promise<T>;

/** On the server: the loads of the deferred modules, awaited before a page is rendered. */
const serverLoads = new Set<Promise<unknown>>();

/** Resolves once every deferred module has loaded on the server (the server entry awaits it before rendering). */
export function deferredModulesLoaded(): Promise<unknown> {
  return Promise.allSettled(serverLoads);
}

/**
 * Components whose code (and its libraries: react-hook-form for the public pages' forms) is not part of the page's
 * first load. The server loads the module up front and renders the components in full, so the HTML is
 * complete (and the forms work as plain forms); in the browser, the module is fetched when the page's module runs, and
 * until it has arrived the server's HTML stays as it is (what is typed is kept). Components of one module share
 * one fetch; once it is loaded, a component shown later renders at once.
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
  // The server has it before rendering; the browser fetches it as soon as the page's module runs, while hydration
  // starts, so that the form is live about as early as the rest of the page.
  if (typeof window === "undefined") serverLoads.add(get().catch(() => {}));
  else void get().catch(() => {});

  return {
    /** Starts fetching the module (no-op once loaded). */
    preload: () => void get().catch(() => {}),
    component<P extends object>(pick: (m: M) => ComponentType<P>): ComponentType<P> {
      const Component = lazy<ComponentType<P>>(() =>
        module ? resolved<Lazy<P>>({ default: pick(module) }) : get().then((m) => ({ default: pick(m) })),
      );
      function Deferred(props: P) {
        return (
          <Suspense fallback={null}>
            <Component {...props} />
          </Suspense>
        );
      }
      return Deferred;
    },
  };
}
