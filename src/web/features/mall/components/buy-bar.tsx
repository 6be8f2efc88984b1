import { PlainButton } from '../../../components/plain-button';
import { useNavigate } from 'react-router';
import { formatHkd } from '../../../../shared/money';

/** The bottom bar of a detail screen: the price and 立即購買, or why it is not available. */
export function BuyBar({
  priceCents,
  payPath,
  reason,
}: {
  priceCents: number | null;
  payPath: string;
  reason: string | null;
}) {
  const navigate = useNavigate();
  return (
    <div className="buy-bar">
      <div className="buy-bar-price">
        {priceCents === null ? <span className="buy-bar-none">不設發售</span> : formatHkd(priceCents)}
        {reason && (
          <span className="buy-bar-reason" id="buy-reason">
            {reason}
          </span>
        )}
      </div>
      <PlainButton
        color="primary"
        size="large"
        disabled={reason !== null}
        aria-describedby={reason ? 'buy-reason' : undefined}
        onClick={() => navigate(payPath)}
      >
        立即購買
      </PlainButton>
    </div>
  );
}
