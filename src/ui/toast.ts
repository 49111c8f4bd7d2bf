import type { ExternalToast } from "sonner";

type Sonner = typeof import("sonner");
type Message = Parameters<Sonner["toast"]["error"]>[0];

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

/** Loads the toast library (once) and asks the deferred Toaster to mount. */
export function loadToasts(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** Called once the toast library has been asked for (the deferred Toaster mounts then). */
export function onToastsRequested(listener: () => void): () => void {
  if (sonner) listener();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Dismisses every toast shown (none when the library was never loaded). */
export function dismissToasts(): void {
  if (sonner) void sonner.then(({ toast }) => toast.dismiss());
}

const show = (kind: "error" | "success" | "info" | "message") => (message: Message, data?: ExternalToast) =>
  void loadToasts().then(({ toast }) => (kind === "message" ? toast(message, data) : toast[kind](message, data)));

/**
 * sonner's toasts, with the library loaded when the first one is shown: pages whose scripts only may toast (public
 * pages) carry none of it in their first load. A toast shown before the Toaster mounts appears when it does.
 */
export const toast = { error: show("error"), success: show("success"), info: show("info"), message: show("message") };
