import { deferredModule } from "~/ui/deferred.tsx";

/**
 * The newsletter box as the pages draw it: its module (and react-hook-form) comes on the visitor's first
 * interaction, like the other public forms (decision 077); the server's HTML is the whole form meanwhile.
 */
export const NewsletterBox = deferredModule(() => import("./newsletter-form.tsx")).component((m) => m.NewsletterForm);
