import { createServer, type IncomingMessage } from "node:http";
import { OAuth2Issuer, OAuth2Service, type MutableRedirectUri, type MutableResponse, type MutableToken } from "oauth2-mock-server";

/**
 * A local OpenID Connect provider standing in for Google in tests (the app reaches it through the test-only
 * GOOGLE_ISSUER_URL). Who signs in is chosen with the authorization request's `login_hint`:
 * `<email>` gives a verified address with subject `google-<email>`; `unverified:<email>` the same, unverified;
 * `sub=<subject>:<email>` a given subject. Without a hint: google-user@example.com.
 */
export interface OidcProvider {
  url: string;
  stop(): Promise<void>;
}

export interface OidcIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
}

export function identityFromHint(hint: string | null | undefined): OidcIdentity {
  let rest = hint?.trim() || "google-user@example.com";
  let emailVerified = true;
  let sub: string | undefined;
  if (rest.startsWith("unverified:")) {
    emailVerified = false;
    rest = rest.slice("unverified:".length);
  }
  const given = rest.match(/^sub=([^:]+):(.+)$/);
  if (given) {
    sub = given[1];
    rest = given[2]!;
  }
  return { sub: sub ?? `google-${rest}`, email: rest, emailVerified };
}

function claims(id: OidcIdentity) {
  return {
    sub: id.sub,
    email: id.email,
    email_verified: id.emailVerified,
    name: "Casey Morgan",
    given_name: "Casey",
    family_name: "Morgan",
  };
}

export async function startOidcProvider(): Promise<OidcProvider> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate("RS256");
  const service = new OAuth2Service(issuer);
  const byCode = new Map<string, OidcIdentity>();

  service.on("beforeAuthorizeRedirect", (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const hint = new URL(req.url ?? "/", "http://provider.invalid").searchParams.get("login_hint");
    const code = redirect.url.searchParams.get("code");
    if (code) byCode.set(code, identityFromHint(hint));
  });
  service.on("beforeTokenSigning", (token: MutableToken, req: IncomingMessage & { body?: Record<string, unknown> }) => {
    const code = typeof req.body?.code === "string" ? req.body.code : "";
    Object.assign(token.payload, claims(byCode.get(code) ?? identityFromHint(null)));
  });
  service.on("beforeUserinfo", (res: MutableResponse, req: IncomingMessage) => {
    const bearer = req.headers.authorization?.replace(/^Bearer /i, "") ?? "";
    try {
      const payload = JSON.parse(Buffer.from(bearer.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
      res.body = { sub: payload.sub, email: payload.email, email_verified: payload.email_verified, name: payload.name };
    } catch {
      res.statusCode = 401;
      res.body = { error: "invalid_token" };
    }
  });

  const http = createServer(service.requestHandler);
  await new Promise<void>((resolve) => http.listen(0, "localhost", resolve));
  const url = `http://localhost:${(http.address() as { port: number }).port}`;
  issuer.url = url;
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
