import type { Logger } from "pino";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { MailWorker } from "./mail/outbox.server.ts";
import type { Context, Hono } from "hono";

/**
 * The features' services, added by the site's composition (src/app/server/composition.server.ts) through
 * declaration merging: the platform carries them without knowing them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppServices {}

/** Everything a request handler may use; built once per process (createContext in server.ts). */
export interface AppContext extends AppServices {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  /** Reads a request's session once per request. */
  readSession: SessionReader;
  mail: MailWorker;
  /** The features' JSON APIs, mounted under /api by the app. */
  api: ApiMount[];
  /** Paths of the public pages: the same for every visitor, so served from memory (decision 015). */
  publicPages: string[];
  /**
   * Changes whenever what the public pages show changes (their stored copies are then rendered again): the value when
   * it is in hand at once, else a promise of it (decision 111).
   */
  pageVersion?: () => unknown;
}

/** What the session reader (the auth feature's) tells the platform about a request. */
export interface RequestSession {
  user: SessionUser | null;
  sessionId: string | null;
  /** The firm's policy requires a second factor this user has not set up: nothing but enrolment until then. */
  enrolmentRequired: boolean;
  /** Cookies the auth library wants to set (a sliding refresh, an ended session). */
  setCookies: string[];
}

/** Reads a request's session once per request: the one way the platform asks the auth feature who is calling. */
export type SessionReader = (c: Context) => Promise<RequestSession>;

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role: "client" | "staff" | "admin";
  firstName?: string | null;
  lastName?: string | null;
  companyName?: string | null;
  twoFactorEnabled?: boolean;
}

/** Per-request values every Hono handler can read with c.get(...). */
export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    sessionId: string | null;
    /** The firm's two-factor policy covers the user, who has no second factor yet (the auth feature's two-factor-policy.server.ts). */
    enrolmentRequired: boolean;
    nonce: string;
  };
}

/** What React Router loaders and actions receive as `context`. */
export interface RequestContext {
  app: AppContext;
  user: SessionUser | null;
  sessionId: string | null;
  /** The user must set up two-factor sign-in before anything else (page guards send them to it). */
  enrolmentRequired: boolean;
  nonce: string;
  /** A public page: rendered for everyone alike (no user, no nonce; decision 015). */
  publicPage: boolean;
  /** This request may read the local mail catcher (see mail/mail-catcher.ts). */
  mailCatcher: boolean;
  /** Set by entry.server.tsx's handleError when a loader failed because the database cannot be reached. */
  databaseUnavailable: boolean;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

/** One feature's JSON API, mounted at /api + path. */
export interface ApiMount {
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each router has its own variables
  routes: (ctx: AppContext) => Hono<any>;
  /**
   * Largest request body in bytes (default 32 KB), counted by the app as the router reads it (decision 105). A limit
   * above the default is for signed-in callers: a signed-out request with a body is answered 401 before it is read.
   */
  maxBodyBytes?: number;
}
