/** A one-time message at the top of a page: an outcome that came back in the URL (a link worked, or did not). */
export function Notice({ notice, className = "mt-4" }: { notice: { kind: "success" | "error"; text: string }; className?: string }) {
  return (
    <p
      role={notice.kind === "error" ? "alert" : "status"}
      className={`${className} rounded-md border px-3 py-2 text-sm ${
        notice.kind === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-900"
      }`}
    >
      {notice.text}
    </p>
  );
}
