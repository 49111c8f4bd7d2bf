import { useId, useState } from "react";
import { buttonClass, Button } from "~/ui/button.tsx";
import { ACCOUNT_EXPORT_URL } from "../account.api.ts";
import { Section } from "./account-ui.tsx";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";

/** Your data: download everything as a ZIP; delete the account. */
export function DataSection({ twoFactor, hasPassword }: { twoFactor: boolean; hasPassword: boolean }) {
  const uid = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <Section
      id={`${uid}-title`}
      title="Your data"
      intro="Download everything we hold about you and your organizations, or delete your account."
    >
      <div className="space-y-5">
        <div>
          <h3 className="font-medium text-ink">Download your data</h3>
          <p className="mt-1 text-sm text-muted">
            A ZIP file of JSON and CSV files: your profile, sessions, the messages and requests you sent, your saved calculator results, and
            each organization&apos;s chart of accounts and journal entries.
          </p>
          <a href={ACCOUNT_EXPORT_URL} download className={buttonClass("secondary", "md", "mt-3")}>
            Download your data (ZIP)
          </a>
        </div>
        <div className="border-t border-slate-200 pt-5">
          <h3 className="font-medium text-ink">Delete account</h3>
          <p className="mt-1 text-sm text-muted">
            This cannot be undone. Messages and requests you sent stay with the firm but are no longer linked to you.
          </p>
          <Button variant="danger" className="mt-3" onClick={() => setDeleting(true)}>
            Delete account...
          </Button>
        </div>
      </div>
      {deleting ? <DeleteAccountDialog twoFactor={twoFactor} hasPassword={hasPassword} onClose={() => setDeleting(false)} /> : null}
    </Section>
  );
}
