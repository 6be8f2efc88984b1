/** The Chinese alternative text of a card's art: its name, rarity and, for one numbered card, its serial. */
export function cardArtAlt(card: { name: string; rarity?: string | null; serial?: string | null }): string {
  return [`${card.name}卡面`, card.rarity ? `稀有度 ${card.rarity}` : null, card.serial ? `編號 ${card.serial}` : null]
    .filter(Boolean)
    .join('，');
}
