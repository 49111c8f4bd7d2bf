import { Link } from "react-router";
import { firm, services } from "~/features/marketing/firm.ts";
import { NewsletterForm } from "~/features/content/components/newsletter-form.tsx";

const company = [
  { to: "/about", label: "About Us" },
  { to: "/about#team", label: "Our Team" },
  { to: "/careers", label: "Careers" },
  { to: "/press", label: "Press" },
];
const resources = [
  { to: "/blog", label: "Blog" },
  { to: "/case-studies", label: "Case Studies" },
  { to: "/calculators", label: "Calculators" },
  { to: "/resources#webinars", label: "Webinars" },
];

function Column({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="text-sm text-slate-300 hover:text-white">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <p className="text-lg font-bold text-white">{firm.name}</p>
            <p className="mt-3 max-w-sm text-sm">{firm.description}</p>
            <address className="mt-4 space-y-1 text-sm not-italic">
              <p>
                <a href={firm.phoneHref} className="hover:text-white">
                  {firm.phone}
                </a>
              </p>
              <p>
                <a href={`mailto:${firm.email}`} className="hover:text-white">
                  {firm.email}
                </a>
              </p>
              <p>
                {firm.address.street}, {firm.address.city}, {firm.address.region} {firm.address.postalCode}
              </p>
            </address>
          </div>
          <Column title="Services" links={services.map((s) => ({ to: s.path, label: s.name }))} />
          <Column title="Company" links={company} />
          <Column title="Resources" links={resources} />
        </div>
        <div className="mt-10 grid gap-6 border-t border-slate-700 pt-8 md:grid-cols-2">
          <div>
            <h2 className="text-sm font-semibold text-white">Stay Updated</h2>
            <p className="mt-1 text-sm">Monthly notes on tax deadlines, bookkeeping and ERP. No spam.</p>
            <NewsletterForm source="footer" dark className="mt-3 max-w-md" />
          </div>
          <div className="flex items-end gap-4 md:justify-end">
            <a href={firm.linkedin} rel="noopener noreferrer" target="_blank" className="text-sm hover:text-white">
              LinkedIn<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <a href={firm.whatsapp} rel="noopener noreferrer" target="_blank" className="text-sm hover:text-white">
              WhatsApp<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </div>
        <div className="mt-8 flex flex-col gap-4 border-t border-slate-700 pt-8 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {firm.legalName}. All rights reserved.
          </p>
          <div className="flex gap-4">
            <Link to="/privacy" className="hover:text-white">
              Privacy Policy
            </Link>
            <Link to="/terms" className="hover:text-white">
              Terms of Service
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
