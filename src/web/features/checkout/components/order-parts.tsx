import type { ReactNode } from 'react';
import { Steps } from 'antd-mobile';
import { formatHkDateTime } from '../../../../shared/hk-time';
import '../../../components/pairs-list.css';

/** A titled part of the order screen (its heading names it). */
export function OrderSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="order-section" aria-labelledby={id}>
      <h2 className="order-section-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The order's figures as label and value rows. */
export function OrderFacts({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <dl className="pairs-list order-facts" aria-label={label}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
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
