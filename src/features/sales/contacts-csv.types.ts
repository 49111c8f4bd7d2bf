/** What the contacts' CSV import answers (POST /contacts/import, decision 116). */

/** A bad cell: the file's line (the header is line 1), the column, and what is wrong. */
export interface ContactsImportError {
  line: number;
  column: string;
  message: string;
}

/** What a good row does: update the contact of its name, or create one. */
export interface ContactsImportRow {
  line: number;
  name: string;
  action: "create" | "update";
  /** The contact it updates (null: a new one). */
  contact_id: number | null;
}

/** `?preview=true`: every good row's action and every error by line; nothing written. */
export interface ContactsImportPreview {
  rows: ContactsImportRow[];
  errors: ContactsImportError[];
  created: number;
  updated: number;
}

export interface ContactsImported {
  created: number;
  updated: number;
}
