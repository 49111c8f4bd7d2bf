import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { config as zodConfig } from "zod/v4/core";

// zod probes for eval (new Function) to speed up object schemas; the site's CSP forbids eval, so the
// probe would log a CSP violation in every page that validates a form. Switch it off in the browser.
zodConfig({ jitless: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
