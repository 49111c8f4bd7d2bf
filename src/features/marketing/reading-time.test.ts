import { describe, expect, it } from "vitest";
import { articles, readingMinutes, WORDS_PER_MINUTE } from "./blog-content.ts";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("reading time", () => {
  it("is worked out from the article's own words, at least one minute", () => {
    expect(readingMinutes({ excerpt: "", body: [{ paragraphs: [words(250)] }] })).toBe(2);
    expect(readingMinutes({ excerpt: words(10), body: [{ heading: "Intro", paragraphs: [words(200)] }] })).toBe(1);
    expect(readingMinutes({ excerpt: "", body: [{ paragraphs: [words(WORDS_PER_MINUTE * 6)] }] })).toBe(6);
    expect(readingMinutes({ excerpt: "", body: [] })).toBe(1);
  });

  it("gives each short article on the site its real length", () => {
    for (const a of articles) {
      const count = [a.excerpt, ...a.body.flatMap((s) => [s.heading ?? "", ...s.paragraphs])].join(" ").split(/\s+/).filter(Boolean).length;
      expect(readingMinutes(a)).toBe(Math.max(1, Math.ceil(count / WORDS_PER_MINUTE)));
      expect(count).toBeLessThan(WORDS_PER_MINUTE * 2);
      expect(readingMinutes(a)).toBeLessThanOrEqual(2);
    }
  });
});
