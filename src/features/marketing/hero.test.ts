import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import { isRotating, parallaxOffset } from "./hero.ts";
import { clientLogos, heroSlides, softwareLogos } from "./home-content.ts";

describe("parallaxOffset", () => {
  it("moves 0.1 px per scrolled pixel on wide screens", () => {
    expect(parallaxOffset(0, 1280)).toBe(0);
    expect(parallaxOffset(300, 1280)).toBe(30);
    expect(parallaxOffset(300, 768)).toBe(30);
  });
  it("moves 0.05 px per pixel below 768 px", () => {
    expect(parallaxOffset(300, 767)).toBe(15);
    expect(parallaxOffset(300, 375)).toBe(15);
  });
  it("is capped at 80 px and never negative", () => {
    expect(parallaxOffset(800, 1280)).toBe(80);
    expect(parallaxOffset(5000, 1280)).toBe(80);
    expect(parallaxOffset(1600, 375)).toBe(80);
    expect(parallaxOffset(1500, 375)).toBe(75);
    expect(parallaxOffset(-40, 1280)).toBe(0);
  });
});

describe("isRotating", () => {
  it("rotates only while playing with neither pointer nor focus inside", () => {
    expect(isRotating({ playing: true, hovered: false, focusInside: false })).toBe(true);
    expect(isRotating({ playing: false, hovered: false, focusInside: false })).toBe(false);
    expect(isRotating({ playing: true, hovered: true, focusInside: false })).toBe(false);
    expect(isRotating({ playing: true, hovered: false, focusInside: true })).toBe(false);
  });
});

describe("home page images", () => {
  it("every slide and logo names a file served from public/", () => {
    const served = (url: string) => existsSync(path.join("public", url));
    for (const slide of heroSlides) expect(served(slide.image)).toBe(true);
    for (const logo of [...softwareLogos, ...clientLogos]) if (logo.src) expect(served(logo.src)).toBe(true);
  });
});
