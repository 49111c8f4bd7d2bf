import { useId } from "react";
import { Button } from "~/ui/button.tsx";

function downloadCodes(codes: string[], email: string) {
  const text = [
    "Ledgerline Advisors - backup codes for two-factor sign-in",
    `Account: ${email}`,
    "Each code works once, when your authenticator app is not at hand.",
    "",
    ...codes,
    "",
  ].join("\n");
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "ledgerline-backup-codes.txt";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The new backup codes, shown once, with a download. */
export function BackupCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const uid = useId();
  return (
    <div role="region" aria-labelledby={`${uid}-codes`} className="rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id={`${uid}-codes`} className="font-semibold text-amber-950">
        Your backup codes
      </h3>
      <p className="mt-1 text-sm text-amber-950">
        Keep these somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-ink" aria-label="Backup codes">
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => downloadCodes(codes, email)}>
          Download as a text file
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </div>
    </div>
  );
}
