import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { createCache } from "~/features/content/index.server.ts";
import { centsToDecimal } from "~/lib/money.ts";
import { recordAudit, type AuditActor } from "~/server/audit.server.ts";
import { queryRows, type Db } from "~/server/db/client.ts";
import { sqlState } from "~/server/db/db-error.ts";
import { conflict, invalidInput, notFound } from "~/server/http/app-error.ts";
import type { CatalogueItemInput, CatalogueOrderInput, NewCatalogueItemInput } from "./catalogue.schema.ts";
import type { CatalogueItem, CatalogueKind, PublishedCatalogue } from "./catalogue.types.ts";

/*
 * The firm's catalogue (decision 117): plans and add-ons, edited by the firm's admins, shown on the public pricing page.
 * The page's copy is kept like the site content's (decision 111): read again once a second old, the same object while
 * nothing changed, dropped by a save in this process so that the page is rendered again at once.
 */

export const CATALOGUE_FRESH_MS = 1000;
export const CATALOGUE_KEEP_MS = 10 * 60_000;

export interface CatalogueService {
  /** The active items of each kind, in order (cached; the same object while none changed). */
  published(): Promise<PublishedCatalogue>;
  /** The cached copy while it is fresh, at once; undefined when published() would read it again. */
  fresh(): PublishedCatalogue | undefined;
  /** Every item, archived ones too, plans first, each kind in order. Not cached. */
  list(): Promise<CatalogueItem[]>;
  create(input: NewCatalogueItemInput, actor: AuditActor): Promise<CatalogueItem>;
  update(id: number, input: CatalogueItemInput, actor: AuditActor): Promise<CatalogueItem>;
  /** Puts every item of a kind in the order given (all of them, archived ones too). */
  reorder(input: CatalogueOrderInput, actor: AuditActor): Promise<CatalogueItem[]>;
  /** Archives (false) or restores (true) an item. */
  setActive(id: number, active: boolean, actor: AuditActor): Promise<CatalogueItem>;
}

type Row = {
  id: number | string;
  kind: CatalogueKind;
  name: string;
  description: string;
  features: string[] | string;
  price_cents: string | number | bigint | null;
  price_prefix: string;
  price_suffix: string;
  billing: CatalogueItem["billing"];
  featured: boolean;
  position: number | string;
  active: boolean;
  updated_at: string | Date;
  updated_by: string | null;
};

const SELECT = sql`select i.id, i.kind, i.name, i.description, i.features, i.price_cents::text as price_cents, i.price_prefix,
                          i.price_suffix, i.billing, i.featured, i.position, i.active, i.updated_at, u.email as updated_by
                     from firm_catalogue_items i left join users u on u.id = i.updated_by`;
const ORDER = sql`order by i.kind = 'add_on', i.position, i.id`;

function toItem(r: Row): CatalogueItem {
  return {
    id: Number(r.id),
    kind: r.kind,
    name: r.name,
    description: r.description,
    features: typeof r.features === "string" ? (JSON.parse(r.features) as string[]) : r.features,
    price: r.price_cents === null ? null : centsToDecimal(BigInt(r.price_cents)),
    price_prefix: r.price_prefix,
    price_suffix: r.price_suffix,
    billing: r.billing,
    featured: r.featured,
    position: Number(r.position),
    active: r.active,
    updated_at: new Date(r.updated_at).toISOString(),
    updated_by: r.updated_by,
  };
}

async function loadPublished(db: Db): Promise<PublishedCatalogue> {
  const items = (await queryRows<Row>(db, sql`${SELECT} where i.active ${ORDER}`)).map(toItem);
  return { plans: items.filter((i) => i.kind === "plan"), addOns: items.filter((i) => i.kind === "add_on") };
}

/** Loads that answer what the last one answered answer the same object: the pricing page's version (decision 111). */
function sameWhileUnchanged(load: () => Promise<PublishedCatalogue>): () => Promise<PublishedCatalogue> {
  let last: { json: string; value: PublishedCatalogue } | null = null;
  return async () => {
    const value = await load();
    // Who saved last and when do not show on the page.
    const json = JSON.stringify(value, (k, v: unknown) => (k === "updated_at" || k === "updated_by" ? undefined : v));
    if (last?.json !== json) last = { json, value };
    return last.value;
  };
}

async function itemById(db: Db, id: number, lock = false): Promise<CatalogueItem | null> {
  const [row] = await queryRows<Row>(db, sql`${SELECT} where i.id = ${id} ${lock ? sql`for update of i` : sql``}`);
  return row ? toItem(row) : null;
}

/** What the audit log keeps of an item. */
const audited = (i: CatalogueItem) => ({
  kind: i.kind,
  name: i.name,
  description: i.description,
  features: i.features,
  price: i.price,
  price_prefix: i.price_prefix,
  price_suffix: i.price_suffix,
  billing: i.billing,
  featured: i.featured,
  position: i.position,
  active: i.active,
});

/** A name another active item of the kind has: 409 naming the field (the unique index, read as such). */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) === "23505")
      throw conflict("Another item of this kind has this name", { name: "Another item of this kind has this name" });
    throw err;
  }
}

export function createCatalogueService(db: Db, logger?: Logger, now?: () => number): CatalogueService {
  const cache = createCache({
    load: sameWhileUnchanged(() => loadPublished(db)),
    freshMs: CATALOGUE_FRESH_MS,
    keepMs: CATALOGUE_KEEP_MS,
    now,
    onError: (err) => logger?.warn({ err }, "catalogue refresh failed; serving the previous copy"),
  });

  /** Runs a write in one transaction, then drops the page's copy (the pricing page is rendered again). */
  async function write<T>(run: (tx: Db) => Promise<T>): Promise<T> {
    const result = await uniqueName(() => db.transaction((tx) => run(tx)));
    cache.invalidate();
    return result;
  }

  async function mustExist(tx: Db, id: number): Promise<CatalogueItem> {
    const item = await itemById(tx, id, true);
    if (!item) throw notFound("No such item in the catalogue");
    return item;
  }

  return {
    published: () => cache.get(),
    fresh: () => cache.peek(),
    async list() {
      return (await queryRows<Row>(db, sql`${SELECT} ${ORDER}`)).map(toItem);
    },
    create(input, actor) {
      return write(async (tx) => {
        // Last of its kind; the kind's rows are locked so that two creations do not take one position.
        await tx.execute(sql`select 1 from firm_catalogue_items where kind = ${input.kind} for update`);
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into firm_catalogue_items
                (kind, name, description, features, price_cents, price_prefix, price_suffix, billing, featured, position, updated_by)
              values (${input.kind}, ${input.name}, ${input.description}, ${JSON.stringify(input.features)}::jsonb,
                      ${input.price === null ? null : input.price.toString()}::bigint, ${input.price_prefix}, ${input.price_suffix},
                      ${input.billing}, ${input.featured},
                      (select coalesce(max(position) + 1, 0) from firm_catalogue_items where kind = ${input.kind}), ${actor.id})
              returning id`,
        );
        const item = (await itemById(tx, Number(row!.id)))!;
        await recordAudit(tx, actor, {
          action: "catalogue.created",
          targetType: "catalogue_item",
          targetId: item.id,
          before: null,
          after: audited(item),
        });
        return item;
      });
    },
    update(id, input, actor) {
      return write(async (tx) => {
        const before = await mustExist(tx, id);
        if (before.kind === "add_on") {
          const fields: Record<string, string> = {};
          if (input.features.length) fields.features = "An add-on has no features";
          if (input.featured) fields.featured = "Only a plan is marked most popular";
          if (Object.keys(fields).length) throw invalidInput(fields);
        }
        await tx.execute(
          sql`update firm_catalogue_items
                 set name = ${input.name}, description = ${input.description}, features = ${JSON.stringify(input.features)}::jsonb,
                     price_cents = ${input.price === null ? null : input.price.toString()}::bigint,
                     price_prefix = ${input.price_prefix}, price_suffix = ${input.price_suffix}, billing = ${input.billing},
                     featured = ${input.featured}, updated_by = ${actor.id}, updated_at = now()
               where id = ${id}`,
        );
        const after = (await itemById(tx, id))!;
        await recordAudit(tx, actor, {
          action: "catalogue.updated",
          targetType: "catalogue_item",
          targetId: id,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
    },
    reorder(input, actor) {
      return write(async (tx) => {
        const rows = await queryRows<{ id: number; position: number }>(
          tx,
          sql`select id, position from firm_catalogue_items where kind = ${input.kind} order by position, id for update`,
        );
        const known = new Set(rows.map((r) => Number(r.id)));
        if (input.ids.length !== known.size || input.ids.some((id) => !known.has(id)))
          throw conflict("The catalogue changed meanwhile: list every item of this kind once", {
            ids: "List every item of this kind once",
          });
        await tx.execute(
          sql`update firm_catalogue_items i set position = o.position, updated_by = ${actor.id}, updated_at = now()
                from (select id, (ordinality - 1)::int as position
                        from unnest(${`{${input.ids.join(",")}}`}::int[]) with ordinality as t(id, ordinality)) o
               where i.id = o.id and i.position <> o.position`,
        );
        await recordAudit(tx, actor, {
          action: "catalogue.reordered",
          targetType: "catalogue",
          targetId: input.kind,
          before: { ids: rows.map((r) => Number(r.id)) },
          after: { ids: input.ids },
        });
        return (await queryRows<Row>(tx, sql`${SELECT} where i.kind = ${input.kind} ${ORDER}`)).map(toItem);
      });
    },
    setActive(id, active, actor) {
      return write(async (tx) => {
        const before = await mustExist(tx, id);
        if (before.active === active) return before;
        await tx.execute(
          sql`update firm_catalogue_items set active = ${active}, updated_by = ${actor.id}, updated_at = now() where id = ${id}`,
        );
        const after = (await itemById(tx, id))!;
        await recordAudit(tx, actor, {
          action: active ? "catalogue.restored" : "catalogue.archived",
          targetType: "catalogue_item",
          targetId: id,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
    },
  };
}
