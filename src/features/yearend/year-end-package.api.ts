import { request, type ApiResult } from "~/lib/api-client.ts";
import { booksApi } from "~/features/ledger/ledger.api.ts";
import type { YearEndPackageInput } from "./year-end-package.schema.ts";
import type { YearEndPackagePrepared } from "./year-end-package.types.ts";

/** The year-end packages as the browser calls them: preparing one, and the links of its files. */

export function preparePackage(orgId: number, input: YearEndPackageInput): Promise<ApiResult<YearEndPackagePrepared>> {
  return request<YearEndPackagePrepared>(`${booksApi(orgId)}/year-end/packages`, { json: input });
}

/** A kept package's PDF or ZIP (a link's href). */
export function packageFileUrl(orgId: number, packageId: number, kind: "pdf" | "zip"): string {
  return `${booksApi(orgId)}/year-end/packages/${encodeURIComponent(packageId)}/${kind}`;
}
