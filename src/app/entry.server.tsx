import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { errorLogFields, isDatabaseUnavailable } from "~/server/errors.ts";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { deferredModulesLoaded } from "~/ui/deferred.tsx";
import { NonceContext } from "./nonce.tsx";

export const streamTimeout = 5_000;

/**
 * A loader or action failed. The log gets the error's name and codes only (a database error's message quotes the
 * query's values). When the database cannot be reached, the app answers with the "temporarily unavailable" page.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as unknown as AppLoadContext;
  if (isDatabaseUnavailable(error)) ctx.databaseUnavailable = true;
  ctx.app?.logger.error({ ...errorLogFields(error), method: request.method, route: new URL(request.url).pathname }, "page request failed");
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Components whose code the browser fetches after the first load are rendered in full here (src/ui/deferred.tsx).
  await deferredModulesLoaded();
  // Public pages have no nonce (their CSP lists the hashes of their inline scripts): no empty nonce attribute either.
  const nonce = loadContext.nonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, SPA-mode and public pages (stored whole) wait for all content; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.publicPage ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A Suspense boundary whose content is ready is written in place, never moved to the end of the document
        // behind a script (React does that to large boundaries past the first 12.8 KB): the deferred forms must be
        // where they belong when scripts do not run.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered)
            loadContext.app?.logger.error({ ...errorLogFields(error), route: new URL(request.url).pathname }, "page render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
