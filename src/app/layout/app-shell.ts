import type { ComponentType } from "react";
import type { UIMatch } from "react-router";

/**
 * The handle of a layout route whose screens are an application (the portal, the firm's workspace): the root layout
 * shows its header and footer instead of the marketing ones. They come from the route module, so their code loads
 * with those screens and never with the public pages.
 */
export interface AppShellHandle {
  appShell: { Header: ComponentType; Footer: ComponentType };
}

/** The application shell of the matched routes, or null on the public site. */
export function appShellOf(matches: UIMatch[]): AppShellHandle["appShell"] | null {
  for (const m of matches) {
    const shell = (m.handle as Partial<AppShellHandle> | undefined)?.appShell;
    if (shell) return shell;
  }
  return null;
}
