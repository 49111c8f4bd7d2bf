/** What POST /api/content/newsletter answers a script: 201 subscribed, 200 already subscribed. */
export interface NewsletterSubscribed {
  status: "subscribed" | "already_subscribed";
  message: string;
}
