import type { Rarity } from '../../shared/constants';
import './rarity-tag.css';

/** A card's rarity as a coloured tag: market rows and details, storefronts, search results. */
export function RarityTag({ rarity }: { rarity: Rarity }) {
  return <span className={`rarity-tag rarity-${rarity.toLowerCase()}`}>{rarity}</span>;
}
