import { Fact } from '../../../components/fact';

/** The terms of a standing's facts from five trades, in their order: `StandingFacts` (seller-standing.tsx) and the slot. */
export const STANDING_TERMS = {
  since: '加入日期',
  verified: '實名認證',
  sales: '已售出',
  purchases: '已買入',
  completion: '完成率',
  response: '求購成交',
  thumbs: '好評率',
} as const;

/**
 * The box of a standing that is still coming (its code after the load event, then its own request): the longer form's
 * seven facts, hidden, so what follows it on the screen does not move when a trader's standing of five trades or more
 * comes, at any width (a newer trader's three facts take less, and what follows moves up). Out of the accessibility tree.
 */
export function StandingSlot() {
  return (
    <dl className="market-facts standing-facts standing-slot" aria-hidden="true">
      {Object.values(STANDING_TERMS).map((t) => (
        <Fact key={t} term={t}>
          —
        </Fact>
      ))}
    </dl>
  );
}
