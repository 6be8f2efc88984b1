/** A card's number as collectors read it: `#0012/1000` (at least four digits). */
export function formatSerial(serial: number, editionSize: number): string {
  const width = Math.max(4, String(editionSize).length);
  return `#${String(serial).padStart(width, '0')}/${editionSize}`;
}

/** A bid's serial range as collectors read it: 「#1–#10」, or 「#7」 for one serial; null when it names none. */
export function formatSerialRange(min: number | null, max: number | null): string | null {
  if (min === null || max === null) return null;
  return min === max ? `#${min}` : `#${min}–#${max}`;
}

/** Whether a card's serial is inside a bid's range (a bid without a range takes any serial). */
export function serialInRange(serial: number | null, range: { serialMin: number | null; serialMax: number | null }) {
  if (range.serialMin === null || range.serialMax === null) return true;
  return serial !== null && serial >= range.serialMin && serial <= range.serialMax;
}
