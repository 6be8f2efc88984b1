import { Button, Toast } from 'antd-mobile';
import { trackingUrl } from '../../shared/schemas/delivery';
import './tracking-number.css';

/**
 * A shipment's carrier and tracking number: the number opens the carrier's public tracking page (for the carriers
 * the back office offers) and 複製 copies it.
 */
export function TrackingNumber({ carrier, trackingNumber }: { carrier: string; trackingNumber: string }) {
  const href = trackingUrl(carrier, trackingNumber);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(trackingNumber);
      Toast.show({ icon: 'success', content: '已複製運單號碼' });
    } catch {
      Toast.show({ content: `未能複製，請手動記下：${trackingNumber}` });
    }
  };
  return (
    <p className="tracking-number">
      <span>{carrier}・運單號碼 </span>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`在${carrier}網站追蹤運單 ${trackingNumber}`}
        >
          {trackingNumber}
        </a>
      ) : (
        <span>{trackingNumber}</span>
      )}{' '}
      <Button size="mini" fill="outline" onClick={() => void copy()} aria-label={`複製運單號碼 ${trackingNumber}`}>
        複製
      </Button>
    </p>
  );
}
