// zod/mini: the same validation on the server and in the newsletter box, which is on every page (footer),
// at a fraction of the browser bundle of the full zod API.
import * as z from "zod/mini";

export const NEWSLETTER_SOURCES = ["footer", "blog", "resources"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/** A newsletter sign-up, shared by the newsletter box and POST /api/content/newsletter. */
export const newsletterSchema = z.object({
  email: z.pipe(
    z
      .string({ error: "Email is required" })
      .check(z.trim(), z.toLowerCase(), z.minLength(1, { error: "Email is required" }), z.maxLength(254, { error: "Email is too long" })),
    z.email({ error: "Email must be a valid email address" }),
  ),
  source: z.enum(NEWSLETTER_SOURCES, { error: "Source must be one of footer, blog, resources" }),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;
