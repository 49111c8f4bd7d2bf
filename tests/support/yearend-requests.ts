import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { zipSync, strToU8 } from "fflate";
import { queryRows } from "~/server/db/client.ts";
import type { TestApp } from "./test-app.ts";
import type { ValidRequest } from "./api-requests.ts";

/*
 * The year-end packages in the route catalogue (api-requests.ts): a kept package of the fixtures' books for the download
 * routes (its bytes written as kept; the fixtures' years are not closed, so the prepare route answers its 400 naming
 * the year, as it does for a year still open).
 */

export interface YearEndFixtures {
  packageId: number;
}

export async function createYearEndFixtures(t: TestApp, orgId: number): Promise<YearEndFixtures> {
  const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n");
  const zip = Buffer.from(zipSync({ "year_end_package_2024.pdf": new Uint8Array(pdf), "01_tax_returns.csv": strToU8("Return\r\n") }));
  const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  const [row] = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`insert into year_end_packages (organization_id, fiscal_year, fiscal_year_start, fiscal_year_end, pdf_file_name, pdf_size_bytes,
                                       pdf_sha256, pdf, zip_file_name, zip_size_bytes, zip_sha256, zip)
        values (${orgId}, 2024, '2024-01-01', '2024-12-31', 'year_end_package_2024.pdf', ${pdf.length}, ${sha(pdf)}, ${pdf},
                'year_end_package_2024.zip', ${zip.length}, ${sha(zip)}, ${zip})
        returning id`,
  );
  return { packageId: Number(row!.id) };
}

export function yearEndRequests(f: { orgId: number; yearEnd: YearEndFixtures }): ValidRequest[] {
  const org = { orgId: () => String(f.orgId) };
  const kept = { ...org, id: () => String(f.yearEnd.packageId) };
  const P = "/api/accounting/orgs/:orgId/year-end/packages";
  return [
    { method: "GET", path: P, params: org },
    { method: "POST", path: P, params: org, body: () => ({ fiscal_year: 2025 }) },
    { method: "GET", path: `${P}/:id/pdf`, params: kept },
    { method: "GET", path: `${P}/:id/zip`, params: kept },
  ];
}
