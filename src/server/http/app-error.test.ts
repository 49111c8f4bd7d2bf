import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, appErrorResponse, rateLimited } from "./app-error.ts";
import { parseJson, parseQuery } from "./parse.ts";

function app() {
  const feature = new Hono();
  feature.post("/things", async (c) =>
    c.json(await parseJson(c, z.object({ name: z.string().min(1, "Name is required"), n: z.object({ x: z.number() }) })), 201),
  );
  feature.get("/things", (c) => c.json(parseQuery(c, z.object({ page: z.coerce.number().int().min(1, "Page must be 1 or more") }))));
  feature.get("/slow", () => {
    throw rateLimited("Too many tries.", 90);
  });
  const root = new Hono();
  root.route("/api/feature", feature);
  root.onError((err, c) => (err instanceof AppError ? appErrorResponse(c, err) : c.json({ error: "boom", code: "INTERNAL" }, 500)));
  return root;
}

const post = (body: string, type = "application/json") =>
  app().request("/api/feature/things", { method: "POST", headers: { "content-type": type }, body });

describe("the one error contract", () => {
  it("answers malformed JSON, a wrong media type and bad fields with { error, code, fields? }", async () => {
    const malformed = await post("{");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Request body must be valid JSON", code: "INVALID_JSON" });

    const text = await post("name=x", "application/x-www-form-urlencoded");
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });

    const bad = await post(JSON.stringify({ name: "", n: { x: "1" } }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "Invalid fields: name, n.x",
      code: "INVALID_INPUT",
      fields: { name: "Name is required", "n.x": expect.any(String) as string },
    });

    const good = await post(JSON.stringify({ name: "a", n: { x: 1 } }));
    expect(good.status).toBe(201);
  });

  it("checks the query string and sends Retry-After with a rate limit", async () => {
    const res = await app().request("/api/feature/things?page=0");
    expect(await res.json()).toEqual({ error: "Invalid fields: page", code: "INVALID_INPUT", fields: { page: "Page must be 1 or more" } });
    const slow = await app().request("/api/feature/slow");
    expect(slow.status).toBe(429);
    expect(slow.headers.get("retry-after")).toBe("90");
    expect(await slow.json()).toEqual({ error: "Too many tries.", code: "RATE_LIMITED" });
  });
});
