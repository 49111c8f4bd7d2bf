import PDFDocument from "pdfkit";
import { sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { queryRows, type Db } from "~/server/db/client.ts";
import { invalidInput } from "~/server/http/app-error.ts";
import type { Membership } from "~/features/tenancy/tenancy.types.ts";
import { LOGO_MAX_BYTES, type CompanyInput } from "./sharing.schema.ts";
import type { CompanyDetails } from "./sharing.types.ts";

/* The business that keeps the books as its documents print it: name, address and logo (migration 0050). */

/** The business as the documents print it, the logo's bytes included. */
export interface Branding {
  name: string;
  address: string | null;
  logo: { bytes: Buffer; type: "image/png" | "image/jpeg" } | null;
  currency: string;
}

export async function readBranding(db: Db, organizationId: number): Promise<Branding> {
  const [row] = await queryRows<{
    name: string;
    address: string | null;
    logo: Uint8Array | null;
    logo_content_type: string | null;
    currency: string;
  }>(db, sql`select name, address, logo, logo_content_type, currency from organizations where id = ${organizationId}`);
  if (!row) throw new Error(`organization ${organizationId} not found`);
  return {
    name: row.name,
    address: row.address,
    logo:
      row.logo && row.logo_content_type
        ? { bytes: Buffer.from(row.logo), type: row.logo_content_type as "image/png" | "image/jpeg" }
        : null,
    currency: row.currency,
  };
}

/** The business's details as the API answers them (the logo as a data: URL). */
export function companyOf(b: Branding): CompanyDetails {
  return { name: b.name, address: b.address, logo: b.logo ? `data:${b.logo.type};base64,${b.logo.bytes.toString("base64")}` : null };
}

/** A logo sent as a data: URL, checked: PNG or JPEG read from its bytes, at most 256 KB, an image pdfkit can draw. */
async function logoOf(dataUrl: string): Promise<{ bytes: Buffer; type: "image/png" | "image/jpeg" }> {
  const refuse = (message: string) => invalidInput({ logo: message }, `logo: ${message}`);
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  if (bytes.length === 0) throw refuse("Logo must be a PNG or JPEG image");
  if (bytes.length > LOGO_MAX_BYTES) throw refuse("A logo is at most 256 KB");
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (type !== "image/png" && type !== "image/jpeg") throw refuse("Logo must be a PNG or JPEG image");
  try {
    // pdfkit reads the image as it would to draw it (its `openImage` is not in its published types).
    (new PDFDocument({ autoFirstPage: false }) as unknown as { openImage(src: Buffer): unknown }).openImage(bytes);
  } catch {
    throw refuse("The logo cannot be read as an image");
  }
  return { bytes, type };
}

/** Saves the address and, when given, the logo (null removes it). */
export async function saveCompany(db: Db, m: Pick<Membership, "organizationId">, input: CompanyInput): Promise<CompanyDetails> {
  const address = input.address ? input.address : null;
  if (input.logo === undefined) {
    await db.execute(sql`update organizations set address = ${address} where id = ${m.organizationId}`);
  } else {
    const logo = input.logo === null ? null : await logoOf(input.logo);
    await db.execute(
      sql`update organizations set address = ${address}, logo = ${logo?.bytes ?? null}, logo_content_type = ${logo?.type ?? null}
           where id = ${m.organizationId}`,
    );
  }
  return companyOf(await readBranding(db, m.organizationId));
}
