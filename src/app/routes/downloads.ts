import { redirect } from "react-router";
import type { Route } from "./+types/downloads";
import { checklistPath, findChecklist } from "~/features/marketing/checklists.ts";
import { renderChecklistPdf } from "~/features/marketing/checklist-pdf.server.ts";

const rendered = new Map<string, Promise<Buffer>>();

/** /downloads/<slug>.pdf: a checklist as a PDF, made once per process. The old .txt addresses move to it. */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]+)\.(pdf|txt)$/.exec(params.file);
  const list = match ? findChecklist(match[1]!) : undefined;
  if (!match || !list) throw new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (match[2] === "txt") throw redirect(checklistPath(list), 301);
  let pdf = rendered.get(list.slug);
  if (!pdf) {
    pdf = renderChecklistPdf(list);
    rendered.set(list.slug, pdf);
    pdf.catch(() => rendered.delete(list.slug));
  }
  const bytes = await pdf;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${list.slug}.pdf"`,
      "Content-Length": String(bytes.length),
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
