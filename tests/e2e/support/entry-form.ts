import { expect, type Locator } from "@playwright/test";

/**
 * Picks an account in line `line` (1-based) of the entry form as a person does: types its code into the
 * account picker and clicks the matching option ("1000 Cash").
 */
export async function pickAccount(dialog: Locator, line: number, label: string) {
  const input = dialog.getByRole("combobox", { name: `Line ${line} account` });
  await input.fill(label.split(" ")[0]!);
  await dialog.getByRole("option", { name: label, exact: true }).click();
  await expect(input).toHaveValue(label);
}
