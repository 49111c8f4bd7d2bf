export const BLOG_CATEGORIES = ["Tax", "Bookkeeping", "ERP", "Advisory", "Small Business"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export interface Article {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  author: string;
  /** ISO date */
  date: string;
  /** Sections of the article: optional heading and paragraphs. */
  body: { heading?: string; paragraphs: string[] }[];
}

/** An adult's silent reading speed for non-fiction, in words per minute. */
export const WORDS_PER_MINUTE = 230;

/** Minutes to read an article, from its own words (lead, headings and paragraphs), at least 1. */
export function readingMinutes(a: Pick<Article, "excerpt" | "body">): number {
  const text = [a.excerpt, ...a.body.flatMap((s) => [s.heading ?? "", ...s.paragraphs])].join(" ");
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

export const articles: Article[] = [
  {
    slug: "quarterly-estimated-taxes-guide",
    title: "Quarterly Estimated Taxes: A Practical Guide for Business Owners",
    excerpt: "Who has to pay, how to work out the amount, and the safe-harbor rules that keep penalties away.",
    category: "Tax",
    author: "Margaret Okafor, CPA",
    date: "2024-02-20",
    body: [
      {
        paragraphs: [
          "If you own a pass-through business or earn income without withholding, the IRS expects tax throughout the year, not in one payment in April. Missing or underpaying estimates triggers a penalty that works like interest on the shortfall.",
        ],
      },
      {
        heading: "The four deadlines",
        paragraphs: [
          "Estimated payments are due on April 15, June 15, September 15 and January 15 of the following year. When a date falls on a weekend or holiday, it moves to the next business day. Most states follow the same calendar.",
        ],
      },
      {
        heading: "Safe-harbor rules",
        paragraphs: [
          "You avoid the federal penalty if your payments cover at least 90% of this year's tax or 100% of last year's tax (110% if last year's adjusted gross income was above $150,000). For owners whose income swings, paying on last year's figure is often the simplest way to stay safe.",
          "We review year-to-date profit every quarter with our clients and adjust the next payment, so there is no large balance due in April and no idle cash sent to the IRS too early.",
        ],
      },
    ],
  },
  {
    slug: "monthly-close-checklist",
    title: "The 10-Step Monthly Close Checklist We Use for Every Client",
    excerpt: "From bank reconciliations to a one-page commentary: how we close books by the 10th of each month.",
    category: "Bookkeeping",
    author: "Laura Chen",
    date: "2024-02-05",
    body: [
      {
        paragraphs: [
          "A reliable monthly close turns bookkeeping from a year-end scramble into a management tool. Our checklist fits on one page and takes most small businesses four to six working hours once the habit is in place.",
        ],
      },
      {
        heading: "Reconcile first",
        paragraphs: [
          "Start with every bank, credit card, loan and payment-processor account. Match each statement balance to the ledger and investigate any difference before moving on; later steps depend on these numbers being right.",
        ],
      },
      {
        heading: "Then accrue, review and report",
        paragraphs: [
          "Record unpaid bills and unbilled revenue, post payroll and depreciation, review the aging reports, and compare the profit and loss with last month and last year. Finish with three to five sentences on what changed and why; that commentary is what owners actually read.",
        ],
      },
    ],
  },
  {
    slug: "choosing-an-erp-system",
    title: "Choosing an ERP: Seven Questions to Ask Before Any Demo",
    excerpt: "Most ERP projects fail in selection, not implementation. Start with these questions about your own business.",
    category: "ERP",
    author: "Daniel Reyes",
    date: "2024-01-24",
    body: [
      {
        paragraphs: [
          "Vendor demos are designed to impress. Before you watch one, write down how your business actually runs, where information is re-keyed today, and which reports you wish you had. Those notes become the script the vendors must follow.",
        ],
      },
      {
        heading: "Questions that narrow the field",
        paragraphs: [
          "How many legal entities and currencies do you need? Do you hold inventory, and in how many locations? Who needs access, and from where? What must the system integrate with on day one? What budget covers licences, implementation and the first year of support? Who inside the company will own the system? What would make the project a success in a year's time?",
          "Answering these usually reduces a long list of fifteen systems to three that deserve a scripted demo.",
        ],
      },
    ],
  },
  {
    slug: "rd-tax-credit-small-business",
    title: "Does Your Small Business Qualify for the R&D Tax Credit?",
    excerpt: "It is not only for laboratories. Software, manufacturing and design firms often qualify and never claim.",
    category: "Tax",
    author: "Margaret Okafor, CPA",
    date: "2024-01-10",
    body: [
      {
        paragraphs: [
          "The federal research credit rewards companies that try to develop new or improved products, processes or software and face technical uncertainty in doing so. Many qualifying businesses never claim it because they assume it is reserved for scientists.",
        ],
      },
      {
        heading: "What counts",
        paragraphs: [
          "Qualified expenses include wages for time spent on the work, supplies used up in experiments and 65% of amounts paid to contractors. Start-ups with little or no income tax may apply part of the credit against payroll taxes instead.",
          "Our R&D tax credit calculator gives a first estimate in a few minutes; a documented study then supports the claim if the IRS asks.",
        ],
      },
    ],
  },
  {
    slug: "cash-flow-forecast-13-weeks",
    title: "Build a 13-Week Cash-Flow Forecast in an Afternoon",
    excerpt: "A rolling weekly forecast is the single most useful tool for a business that grows faster than its cash.",
    category: "Advisory",
    author: "Priya Natarajan, CFA",
    date: "2023-12-12",
    body: [
      {
        paragraphs: [
          "Profit and cash are not the same thing. A growing company can be profitable on paper and still miss payroll because customers pay in 60 days while suppliers want payment in 30.",
        ],
      },
      {
        heading: "The structure",
        paragraphs: [
          "List thirteen weeks across the top. Start with the opening bank balance, add expected receipts by customer, subtract payroll, rent, loan payments and supplier runs, and carry the closing balance forward. Update it every Monday with actuals and roll it one week ahead.",
          "Within a month you will know which weeks are tight, and you can talk to your bank before you need to, not after.",
        ],
      },
    ],
  },
  {
    slug: "hiring-your-first-finance-person",
    title: "Outsourced Accounting or Your First Finance Hire?",
    excerpt: "The costs, the risks and the point at which bringing finance in-house starts to make sense.",
    category: "Small Business",
    author: "Laura Chen",
    date: "2023-11-28",
    body: [
      {
        paragraphs: [
          "A full-time bookkeeper in a major US city costs $55,000 to $70,000 a year before benefits, and one person cannot cover bookkeeping, tax and reporting with equal skill or take a holiday during the close.",
        ],
      },
      {
        heading: "When to hire",
        paragraphs: [
          "Outsourcing usually wins until transaction volumes need more than a full-time equivalent, or until the business needs someone on site every day. Many of our clients hire an in-house accountant at that point and keep us for review, tax and advisory work.",
        ],
      },
    ],
  },
];

export function findArticle(slug: string | undefined): Article | undefined {
  return articles.find((a) => a.slug === slug);
}

/** The category named in ?category=, matched without regard to case; null means all. */
export function parseCategory(value: string | null): BlogCategory | null {
  if (!value) return null;
  return BLOG_CATEGORIES.find((c) => c.toLowerCase() === value.toLowerCase()) ?? null;
}

export function articlesIn(category: BlogCategory | null): Article[] {
  return category ? articles.filter((a) => a.category === category) : articles;
}

export function categoryHref(category: BlogCategory | null): string {
  return category ? `/blog?category=${encodeURIComponent(category)}` : "/blog";
}

export function formatArticleDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
