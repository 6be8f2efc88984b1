/** A card's number as collectors read it: `#0012/1000` (at least four digits). */
export function formatSerial(serial: number, editionSize: number): string {
  const width = Math.max(4, String(editionSize).length);
  return `#${String(serial).padStart(width, '0')}/${editionSize}`;
}
