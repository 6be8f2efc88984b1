import { useState, type ReactNode } from 'react';
import type { StockEvent } from '../../../../shared/schemas/live';
import { isFailure, type Failure } from '../../../lib/request';
import { useLiveTopic } from '../../../lib/live-hooks';
import type { SaleState } from '../../../../shared/sale-states';

interface Stocked {
  id: string;
  left: number;
  saleState: SaleState;
  minted?: number;
  sold?: number;
}

/** The item with the stream's latest stock and sale state over the loaded ones (minted / sold follow `taken`). */
export function withStock<T extends Stocked>(item: T, e: StockEvent | null): T {
  if (!e) return item;
  return {
    ...item,
    left: e.left,
    saleState: e.saleState,
    ...('minted' in item ? { minted: e.taken } : {}),
    ...('sold' in item ? { sold: e.taken } : {}),
  };
}

/**
 * A mall item kept live (decision 037): its topic's stock events replace the loaded counts and state as they come,
 * and while the stream is down `load` (the detail endpoint) is polled instead.
 */
export function LiveItem<T extends Stocked>({
  item,
  topic,
  load,
  children,
}: {
  item: T;
  topic: 'drop' | 'product';
  load: (id: string) => Promise<T | Failure>;
  children: (item: T) => ReactNode;
}) {
  const [stock, setStock] = useState<StockEvent | null>(null);
  const name = `${topic}:${item.id}`;
  useLiveTopic(
    name,
    (e) => {
      if (e.type === 'stock') setStock(e as StockEvent);
    },
    async () => {
      const fresh = await load(item.id);
      if (isFailure(fresh)) return null;
      const taken = fresh.minted ?? fresh.sold ?? 0;
      return { type: 'stock', topic: name, saleState: fresh.saleState, left: fresh.left, total: 0, taken };
    },
  );
  return <>{children(withStock(item, stock))}</>;
}

/**
 * A count the stream moves (尚餘、已發行): figures of one width, in a box as wide as the first value's digits, so
 * a change never moves what is around it.
 */
export function LiveCount({ value, unit }: { value: number; unit: string }) {
  const [digits] = useState(() => String(value).length);
  return (
    <span className="live-count">
      <span className="live-count-figure" style={{ minWidth: `${digits}ch` }}>
        {value}
      </span>{' '}
      {unit}
    </span>
  );
}
