/**
 * Resolves the ship and voyage a row names, among the caller's organisation only: a ship by IMO number,
 * database id or exact name (spec: the 'Ship ID' column), a voyage by its number for that ship or by id.
 * The organisation's ships and voyages are loaded once per upload (fleets hold hundreds of ships and a few
 * thousand voyages, not millions), and reloaded after a workbook's Ships or Voyages sheet is merged.
 */
import type pg from "pg";
import { normaliseImoNumber } from "../../domain/ships/imo-number";
import { type Cell, toText } from "./cell-values";

type Queryable = Pick<pg.ClientBase, "query">;

export class FleetReferences {
  private shipByImo = new Map<string, number>();
  private shipById = new Set<number>();
  private shipByName = new Map<string, number>();
  /** Ship name → IMO number, to refuse a name another ship already has. */
  readonly imoByName = new Map<string, string>();
  private voyageByNumber = new Map<string, number>();
  private voyageShip = new Map<number, number>();

  private constructor(private readonly orgId: number) {}

  static async load(db: Queryable, orgId: number): Promise<FleetReferences> {
    const refs = new FleetReferences(orgId);
    await refs.reload(db);
    return refs;
  }

  async reload(db: Queryable): Promise<void> {
    const shipRows = await db.query<{ id: number; name: string; imo_number: string }>(
      "select id, name, imo_number from ships where org_id = $1",
      [this.orgId],
    );
    this.shipByImo.clear();
    this.shipById.clear();
    this.shipByName.clear();
    this.imoByName.clear();
    for (const s of shipRows.rows) {
      this.shipByImo.set(s.imo_number, s.id);
      this.shipById.add(s.id);
      this.shipByName.set(s.name, s.id);
      this.imoByName.set(s.name, s.imo_number);
    }
    const voyageRows = await db.query<{ id: number; ship_id: number; voyage_number: string }>(
      "select id, ship_id, voyage_number from voyages where org_id = $1",
      [this.orgId],
    );
    this.voyageByNumber.clear();
    this.voyageShip.clear();
    for (const v of voyageRows.rows) {
      this.voyageByNumber.set(`${v.ship_id}\u0000${v.voyage_number}`, v.id);
      this.voyageShip.set(v.id, v.ship_id);
    }
  }

  /** The id of the ship a cell names, or undefined when no ship of the organisation matches. */
  ship(cell: Cell): number | undefined {
    const text = toText(cell);
    if (typeof text !== "string") return undefined;
    const byImo = this.shipByImo.get(normaliseImoNumber(text));
    if (byImo !== undefined) return byImo;
    if (/^\d+$/.test(text) && this.shipById.has(Number(text))) return Number(text);
    return this.shipByName.get(text);
  }

  /** The id of the voyage of `shipId` a cell names (number, else id), or undefined. */
  voyage(shipId: number, cell: Cell): number | undefined {
    const text = toText(cell);
    if (typeof text !== "string") return undefined;
    const byNumber = this.voyageByNumber.get(`${shipId}\u0000${text}`);
    if (byNumber !== undefined) return byNumber;
    const id = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    return this.voyageShip.get(id) === shipId ? id : undefined;
  }
}
