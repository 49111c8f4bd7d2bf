import { firm } from "./firm.ts";

export const LEGAL_LAST_UPDATED = "March 1, 2024";

export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

const address = `${firm.legalName}, ${firm.address.street}, ${firm.address.city}, ${firm.address.region} ${firm.address.postalCode}`;

export const privacySections: LegalSection[] = [
  {
    title: "Introduction",
    paragraphs: [
      `${firm.legalName} ("Ledgerline", "we", "us") respects your privacy. This policy explains what personal information we collect through this website and client portal, how we use it, and the choices you have.`,
    ],
  },
  {
    title: "Information We Collect",
    paragraphs: ["We collect information you give us and a limited amount of information collected automatically:"],
    items: [
      "Contact details such as your name, email address, phone number and company name when you send a message, request a consultation, subscribe or create an account.",
      "Information about your business that you choose to share, such as revenue range, services of interest and the challenges you describe.",
      "Figures you enter in our calculators, and the results, when you ask us to save them.",
      "Accounting records you or your team enter in the client portal.",
      "Technical data such as IP address, browser type and pages requested, kept in server logs.",
    ],
  },
  {
    title: "How We Use Your Information",
    paragraphs: ["We use personal information to:"],
    items: [
      "Respond to your enquiries and schedule consultations.",
      "Provide our accounting, tax, ERP and advisory services under an engagement letter.",
      "Operate, secure and improve the website and client portal.",
      "Send the newsletter you subscribed to, which you can leave at any time.",
      "Meet our legal, regulatory and professional obligations.",
    ],
  },
  {
    title: "Legal Bases and Professional Confidentiality",
    paragraphs: [
      "We process information to perform our contract with you, to meet legal obligations, with your consent (for example, newsletters) and for our legitimate interests in running a secure professional practice. Client information is also protected by the confidentiality rules that bind certified public accountants.",
    ],
  },
  {
    title: "Cookies",
    paragraphs: [
      "We use only the cookies needed to keep you signed in and to protect forms against misuse. We do not use advertising or third-party tracking cookies, and the site loads no external scripts or fonts.",
    ],
  },
  {
    title: "How We Share Information",
    paragraphs: [
      "We do not sell personal information. We share it only with service providers that host our systems or deliver email on our behalf under written confidentiality terms, with tax authorities when filing on your behalf, and when required by law or to protect our rights.",
    ],
  },
  {
    title: "Data Security",
    paragraphs: [
      "Information is encrypted in transit, passwords are stored only as salted hashes, access is limited to staff who need it, and client data is backed up daily. No method of transmission or storage is completely secure, but we review our safeguards regularly.",
    ],
  },
  {
    title: "Data Retention",
    paragraphs: [
      "We keep client records for seven years after an engagement ends, as professional standards require. Enquiries that do not lead to an engagement are deleted after two years; newsletter addresses are deleted when you unsubscribe.",
    ],
  },
  {
    title: "Your Rights and Choices",
    paragraphs: [
      "Depending on where you live, you may ask to access, correct, delete or receive a copy of your personal information, and to object to or restrict certain processing. Write to us at the address below; we answer within 30 days.",
    ],
  },
  {
    title: "Children's Privacy",
    paragraphs: ["Our services are for businesses and adults. We do not knowingly collect information from children under 16."],
  },
  {
    title: "Changes and Contact",
    paragraphs: [
      "We will post any change to this policy on this page with a new date, and notify clients by email of material changes.",
      `Questions: ${firm.email}, ${firm.phone}, or ${address}.`,
    ],
  },
];

export const termsSections: LegalSection[] = [
  {
    title: "Acceptance of Terms",
    paragraphs: [
      `By using this website or the client portal you agree to these terms. If you use them on behalf of a company, you confirm you may bind it.`,
    ],
  },
  {
    title: "Our Services",
    paragraphs: [
      "The website describes the accounting, bookkeeping, tax, ERP consulting and advisory services of Ledgerline. Professional services are provided only under a signed engagement letter, which prevails over these terms where they differ.",
    ],
  },
  {
    title: "No Professional Advice Without Engagement",
    paragraphs: [
      "Articles, calculators, downloads and webinars are general information, not tax, legal or accounting advice for your situation. Consult a professional before acting on them.",
    ],
  },
  {
    title: "Accounts and Security",
    paragraphs: [
      "You are responsible for keeping your password confidential and for activity under your account. Tell us at once if you suspect unauthorized access.",
    ],
  },
  {
    title: "Acceptable Use",
    paragraphs: ["You agree not to:"],
    items: [
      "Break any law or infringe anyone's rights through the site.",
      "Attempt to access accounts or data that are not yours.",
      "Interfere with the site's security or operation, or overload it with automated requests.",
      "Upload malicious code or content you have no right to share.",
    ],
  },
  {
    title: "Client Data",
    paragraphs: [
      "You own the data you enter in the client portal. You grant us the right to process it to provide the services, as described in our Privacy Policy.",
    ],
  },
  {
    title: "Calculators and Estimates",
    paragraphs: [
      "Calculator results are estimates based on the figures you enter and simplified assumptions. Actual savings, returns and tax credits depend on facts we can only assess in an engagement.",
    ],
  },
  {
    title: "Fees and Payment",
    paragraphs: [
      "Prices on the website are in US dollars and exclude applicable taxes. Fees for an engagement are set in its engagement letter; monthly plans are billed in advance and may be cancelled with 30 days' notice.",
    ],
  },
  {
    title: "Intellectual Property",
    paragraphs: [
      "The website's text, graphics, logos and software belong to Ledgerline or its licensors. You may print or download pages for your own non-commercial use, keeping all notices intact.",
    ],
  },
  {
    title: "Third-Party Software and Links",
    paragraphs: [
      "We mention and work with software from other companies, and link to other websites. We are not responsible for their content, availability or terms.",
    ],
  },
  {
    title: "Disclaimer of Warranties",
    paragraphs: ['The website is provided "as is" and "as available", without warranties of any kind to the extent the law allows.'],
  },
  {
    title: "Limitation of Liability",
    paragraphs: [
      "To the extent the law allows, Ledgerline is not liable for indirect or consequential losses arising from use of the website. Liability for professional services is governed by the engagement letter.",
    ],
  },
  {
    title: "Governing Law",
    paragraphs: [
      "These terms are governed by the laws of the State of New York, without regard to its conflict-of-laws rules. The state and federal courts located in New York County, New York have exclusive jurisdiction over any dispute.",
    ],
  },
  {
    title: "Changes and Contact",
    paragraphs: [
      "We may update these terms and will post the new version here with its date. Continued use after a change means you accept it.",
      `Questions: ${firm.email}, ${firm.phone}, or ${address}.`,
    ],
  },
];
