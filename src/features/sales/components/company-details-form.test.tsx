import { describe, expect, it } from "vitest";
import { buttonTexts, renderInBooks } from "../../../../tests/support/books-screen.tsx";
import { CompanyDetailsForm, logoFileProblem } from "./company-details-form.tsx";

const company = { name: "Bakery", address: "12 Baker Street\nSpringfield, IL 62701", logo: "data:image/png;base64,iVBORw0KGgo=" };

describe("the company details form", () => {
  it("shows the logo; those who keep the books change it and the address", () => {
    const html = renderInBooks(<CompanyDetailsForm company={company} />, { role: "accountant", side: "firm", firmKeeps: true });
    expect(html).toMatch(/<fieldset class=/);
    expect(html).toContain(`src="${company.logo}" alt="Bakery logo"`);
    expect(buttonTexts(html)).toEqual(["Remove logo", "Save company details"]);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*accept="image\/png,image\/jpeg"/);
  });

  it("is read-only for the client's side of books the firm keeps", () => {
    const html = renderInBooks(<CompanyDetailsForm company={{ ...company, logo: null }} />, {
      role: "owner",
      side: "client",
      firmKeeps: true,
    });
    expect(html).toMatch(/<fieldset disabled=""/);
    expect(buttonTexts(html)).toEqual([]);
    expect(html).not.toContain('type="file"');
    expect(html).toContain("No logo.");
    expect(html).toContain("Only those who keep these books change these details.");
  });

  it("takes a PNG or JPEG of at most 256 KB", () => {
    expect(logoFileProblem({ type: "image/png", size: 256 * 1024 })).toBeNull();
    expect(logoFileProblem({ type: "image/jpeg", size: 10 })).toBeNull();
    expect(logoFileProblem({ type: "image/png", size: 256 * 1024 + 1 })).toBe("A logo is at most 256 KB");
    expect(logoFileProblem({ type: "image/gif", size: 10 })).toBe("Logo must be a PNG or JPEG image");
    expect(logoFileProblem({ type: "", size: 10 })).toBe("Logo must be a PNG or JPEG image");
  });
});
