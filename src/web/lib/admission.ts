/**
 * The waiting room's admission tokens (docs/decisions/044-waiting-room.md), kept for the tab: the drop's screen
 * stores the token once the buyer is admitted, and `createPayOrder` sends it with that drop's order.
 */
const KEY = 'trove.admissions';

type Kept = Record<string, { token: string; until: string }>;

const read = (): Kept => {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Kept;
  } catch {
    return {};
  }
};

/** Keeps the admission to one drop (`card:<id>`, `product:<id>` or `pack:<id>`) until it expires. */
export function keepAdmission(drop: string, token: string, until: string): void {
  const kept = read();
  const now = Date.now();
  for (const [k, v] of Object.entries(kept)) if (Date.parse(v.until) <= now) delete kept[k];
  kept[drop] = { token, until };
  sessionStorage.setItem(KEY, JSON.stringify(kept));
}

/** The token of an unexpired admission to the drop, or null. */
export function admissionFor(drop: string): string | null {
  const a = read()[drop];
  return a && Date.parse(a.until) > Date.now() ? a.token : null;
}
