import { Fact } from '../../../components/fact';

/** The facts of a standing from five trades (`StandingFacts`, seller-standing.tsx), in its order. */
const TERMS = ['加入日期', '實名認證', '已售出', '已買入', '完成率', '求購成交', '好評率'];

/**
 * The box of a standing that is still coming (its code after the load event, then its own request): the longer form's
 * seven facts, hidden, so what follows it on the screen does not move when a trader's standing of five trades or more
 * comes, at any width (a newer trader's three facts take less, and what follows moves up). Out of the accessibility tree.
 */
export function StandingSlot() {
  return (
    <dl className="market-facts standing-facts standing-slot" aria-hidden="true">
      {TERMS.map((t) => (
        <Fact key={t} term={t}>
          —
        </Fact>
      ))}
    </dl>
  );
}
