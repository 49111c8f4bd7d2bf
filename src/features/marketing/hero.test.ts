import { describe, expect, it } from "vitest";
import { isRotating, parallaxOffset } from "./hero.ts";

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
