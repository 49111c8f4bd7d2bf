import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_SECONDS } from "./errors.ts";

/**
 * The page shown while the database cannot be reached. It is self-contained (no script, no query, nothing that
 * could fail in turn) and answers 503 with Retry-After, so browsers, crawlers and monitors all read it right.
 */
const HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable | Ledgerline Advisors</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
header{border-bottom:1px solid #e2e8f0;padding:1rem 1.5rem;font-weight:700;color:#1e3a8a}
main{max-width:40rem;margin:0 auto;padding:6rem 1.5rem;text-align:center}
h1{font-size:1.875rem;margin:0}
p{color:#475569;margin-top:1rem}
a{display:inline-block;margin-top:1.5rem;font-weight:600;color:#1d4ed8}
</style>
</head>
<body>
<header>Ledgerline Advisors</header>
<main id="main">
<h1>Temporarily unavailable</h1>
<p>${UNAVAILABLE_MESSAGE}</p>
<a href="">Try again</a>
</main>
</body>
</html>
`;

export function unavailablePage(): Response {
  return new Response(HTML, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(UNAVAILABLE_RETRY_SECONDS),
    },
  });
}
