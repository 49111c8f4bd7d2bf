import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput, notFound } from "~/server/http/app-error.ts";
import { unknownPlaceholders } from "./proposal-document.ts";
import { ts } from "./proposal-reads.server.ts";
import type { TemplateInput } from "./proposals.schema.ts";
import type { LetterTemplate } from "./proposals.types.ts";

/*
 * The firm's letter templates (decision 118): listed, made and changed (audited); a letter may hold only the known
 * placeholders.
 */

const templateColumns = sql`id, name, body, ${ts("updated_at")} as updated_at`;

export async function listTemplates(db: Db): Promise<LetterTemplate[]> {
  const rows = await queryRows<LetterTemplate>(db, sql`select ${templateColumns} from proposal_letter_templates order by lower(name), id`);
  return rows.map((t) => ({ ...t, id: Number(t.id) }));
}

export function checkPlaceholders(field: string, text: string) {
  const unknown = unknownPlaceholders(text);
  if (unknown.length > 0) {
    const message = `${field === "body" ? "Letter" : "Letter"} has an unknown placeholder: {{${unknown[0]}}}`;
    throw invalidInput({ [field]: message }, `${field}: ${message}`);
  }
}

export async function createTemplate(db: Db, input: TemplateInput, actor: AuditActor): Promise<LetterTemplate> {
  checkPlaceholders("body", input.body);
  return db.transaction(async (tx) => {
    const [t] = await queryRows<LetterTemplate>(
      tx,
      sql`insert into proposal_letter_templates (name, body, created_by) values (${input.name}, ${input.body}, ${actor.id})
          returning ${templateColumns}`,
    );
    await recordAudit(tx, actor, {
      action: "proposal_template.created",
      targetType: "proposal_template",
      targetId: t!.id,
      after: { name: input.name },
    });
    return { ...t!, id: Number(t!.id) };
  });
}

export async function updateTemplate(db: Db, id: number, input: TemplateInput, actor: AuditActor): Promise<LetterTemplate> {
  checkPlaceholders("body", input.body);
  return db.transaction(async (tx) => {
    const [t] = await queryRows<LetterTemplate>(
      tx,
      sql`update proposal_letter_templates set name = ${input.name}, body = ${input.body}, updated_at = now() where id = ${id}
          returning ${templateColumns}`,
    );
    if (!t) throw notFound("Letter template not found");
    await recordAudit(tx, actor, {
      action: "proposal_template.updated",
      targetType: "proposal_template",
      targetId: id,
      after: { name: input.name },
    });
    return { ...t, id: Number(t.id) };
  });
}
