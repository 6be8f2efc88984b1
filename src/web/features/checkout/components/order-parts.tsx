import { useId, type ReactNode } from 'react';
import { Steps } from 'antd-mobile';
import { formatHkDateTime } from '../../../../shared/hk-time';
import '../../../components/pairs-list.css';

/** A titled part of the order screen (its heading names it; `id` when none is given, as parts repeated may be). */
export function OrderSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const own = useId();
  const headingId = id ?? own;
  return (
    <section className="order-section" aria-labelledby={headingId}>
      <h2 className="order-section-title" id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An amount as formatHkd writes it (`HK$1,234.50`, `−HK$19.60`). */
const AMOUNT = /^[−-]?HK\$[\d,.]+$/;

/** The order's figures as label and value rows; an amount never breaks across lines (「−HK$19. / 60」, issue 44). */
export function OrderFacts({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <dl className="pairs-list order-facts" aria-label={label}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd className={typeof v === 'string' && AMOUNT.test(v) ? 'pairs-amount' : undefined}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The order's steps, oldest first, in Hong Kong time (an end without a time shows none). */
export function OrderTimeline({ steps }: { steps: { label: string; at: string | null; failed?: boolean }[] }) {
  return (
    <OrderSection id="order-timeline-title" title="訂單進度">
      <Steps direction="vertical">
        {steps.map((s, i) => (
          <Steps.Step
            key={`${s.label}-${i}`}
            status={s.failed ? 'error' : 'finish'}
            title={s.label}
            description={
              s.at ? (
                <time className="timeline-time" dateTime={s.at}>
                  {formatHkDateTime(s.at)}
                </time>
              ) : undefined
            }
          />
        ))}
      </Steps>
    </OrderSection>
  );
}

/** The item at the top: picture, name and what the order is. */
export function OrderHead({ image, name, sub, tag }: { image: string; name: string; sub: ReactNode; tag: ReactNode }) {
  return (
    <section className="checkout-item" aria-label="訂單物品">
      {image ? <img src={image} alt="" width={64} height={84} /> : null}
      <div>
        <p className="checkout-item-name">{name}</p>
        <p className="checkout-item-sub">{sub}</p>
        {tag}
      </div>
    </section>
  );
}
