/** A kept year-end package as listed (decision 124): one PDF and one ZIP of a closed fiscal year, kept as prepared. */
export interface YearEndPackage {
  id: number;
  fiscal_year: number;
  /** The fiscal year's first and last days, as they were when it was prepared. */
  start: string;
  end: string;
  pdf_file_name: string;
  pdf_size_bytes: number;
  zip_file_name: string;
  zip_size_bytes: number;
  /** Who prepared it (null once their account is gone). */
  prepared_by: string | null;
  /** ISO 8601, UTC. */
  created_at: string;
}

/** GET /year-end/packages */
export interface YearEndPackagesAnswer {
  packages: YearEndPackage[];
}

/** POST /year-end/packages (201) */
export interface YearEndPackagePrepared {
  package: YearEndPackage;
}
