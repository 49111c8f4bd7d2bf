import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InputField } from "./field.tsx";

describe("InputField", () => {
  it("links the label, the hint and the error to the control, and marks it invalid", () => {
    const html = renderToStaticMarkup(<InputField id="f" label="Email" hint="Work address" error="Enter a valid email address" />);
    expect(html).toContain('<label for="f"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="f-hint f-error"');
    expect(html).toContain('<p id="f-error" class="mt-1 text-sm font-medium text-red-700">Enter a valid email address</p>');
  });

  it("draws a textarea or a select when asked, with the required or optional mark", () => {
    const area = renderToStaticMarkup(<InputField as="textarea" id="m" label="Message" markRequired required rows={6} />);
    expect(area).toMatch(
      /^<div><label for="m"[^>]*>Message<span aria-hidden="true" class="text-red-700"> \*<\/span><\/label><textarea id="m"/,
    );
    expect(area).toContain('rows="6"');
    const select = renderToStaticMarkup(
      <InputField as="select" id="s" label="Service" optional defaultValue="b">
        <option value="a">A</option>
        <option value="b">B</option>
      </InputField>,
    );
    expect(select).toContain('<span class="font-normal text-muted"> (optional)</span>');
    expect(select).toMatch(/<select id="s"[^>]*><option value="a">A<\/option><option value="b" selected="">B<\/option><\/select>/);
  });

  it("shows a prefix such as $ inside the input, hidden from screen readers", () => {
    const html = renderToStaticMarkup(<InputField id="w" label="Total Wages ($)" type="number" prefix="$" />);
    expect(html).toContain('<span aria-hidden="true"');
    expect(html).toMatch(/<input id="w" class="[^"]* pl-7" type="number"\/>/);
  });
});
