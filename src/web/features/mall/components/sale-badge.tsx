import { Tag } from 'antd-mobile';
import { SALE_STATE_LABELS, type SaleState } from '../../../../shared/sale-states';
import { formatCountdown } from '../../../../shared/hk-time';

const COLORS: Record<SaleState, string> = {
  upcoming: 'warning',
  on_sale: 'success',
  sold_out: 'default',
  ended: 'default',
  not_for_sale: 'default',
};

/** What everyone but the holders sees while a priority window is open. */
export const PRIORITY_LABEL = '持卡人優先購買中';

/**
 * 即將開售 (with the countdown) / 發售中 / 已售罄 / 已結束 / 非賣品. `short`: the countdown without seconds while a
 * day or more is left, so the badge keeps to one line in a 128 px tile (the home carousel).
 */
export function SaleBadge({
  state,
  startsAt,
  now,
  short = false,
  priorityStartsAt = null,
}: {
  state: SaleState;
  startsAt: string | null;
  now: number;
  short?: boolean;
  /** Inside the priority window (decision 029) the badge reads 持卡人優先購買中, counting down to the public start. */
  priorityStartsAt?: string | null;
}) {
  const countdown = state === 'upcoming' && startsAt ? formatCountdown(Date.parse(startsAt) - now, { short }) : null;
  const priority = state === 'upcoming' && !!priorityStartsAt && Date.parse(priorityStartsAt) <= now;
  return (
    <Tag
      color={COLORS[state]}
      fill={state === 'on_sale' || state === 'upcoming' ? 'solid' : 'outline'}
      className="sale-badge"
    >
      {priority ? PRIORITY_LABEL : SALE_STATE_LABELS[state]}
      {countdown && (
        <>
          {' '}
          <span className="sale-countdown" aria-label={`尚餘 ${countdown}`}>
            {countdown}
          </span>
        </>
      )}
    </Tag>
  );
}
