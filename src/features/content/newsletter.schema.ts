import { z } from "zod";

export const NEWSLETTER_SOURCES = ["footer", "blog", "resources"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

/**
 * A newsletter sign-up, shared by the newsletter box and POST /api/content/newsletter. The box on every page fetches
 * this module when the visitor first reaches for it (newsletter-control.ts), so its weight is not the pages' own.
 */
export const newsletterSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Email is required" })
    .max(254, { error: "Email is too long" })
    .pipe(z.email({ error: "Email must be a valid email address" })),
  source: z.enum(NEWSLETTER_SOURCES, { error: "Source must be one of footer, blog, resources" }),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;
