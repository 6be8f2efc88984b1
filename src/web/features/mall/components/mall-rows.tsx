import { Link } from 'react-router';
import type { CardInfo, Product } from '../../../../shared/schemas/catalogue';
import { formatHkd } from '../../../../shared/money';
import { thumbnail } from '../../../../shared/pictures';
import { EAGER_ROWS, rowImageLoading } from '../../../components/row-image';
import { SaleBadge } from './sale-badge';
import { liveState } from './sale-state';
import '../../../components/list-row.css';

const PICTURE_SIZES = { card: [72, 101], square: [88, 88] } as const;

/** A row's picture, a card's (portrait) or a product's (square); 寶 where a product has none. */
function RowPicture({ src, shape, index }: { src: string | null; shape: 'card' | 'square'; index: number }) {
  const [width, height] = PICTURE_SIZES[shape];
  return src ? (
    <img
      className={`mall-row-image ${shape}`}
      src={thumbnail(src)}
      alt=""
      {...rowImageLoading(index)}
      width={width}
      height={height}
    />
  ) : (
    <div className={`mall-row-image ${shape} placeholder`} aria-hidden="true">
      寶
    </div>
  );
}

/** One card info of the 卡牌 tab; the whole row opens /mall/detail. */
export function CardInfoRow({ card, now, index = EAGER_ROWS }: { card: CardInfo; now: number; index?: number }) {
  const state = liveState(card, now);
  return (
    <li className="list-row">
      <RowPicture src={card.image} shape="card" index={index} />
      <div className="mall-row-body">
        <Link to={`/mall/detail?id=${encodeURIComponent(card.id)}`} className="mall-row-name stretched-link">
          {card.name}
        </Link>
        <div className="mall-row-meta">
          <span className={`rarity rarity-${card.rarity.toLowerCase()}`}>{card.rarity}</span>
          <span>{card.theme.name}</span>
        </div>
        <div className="mall-row-price">{card.priceCents === null ? '非賣品' : formatHkd(card.priceCents)}</div>
        <div className="mall-row-foot">
          <span className="mall-row-left">
            尚餘 {card.left} / 限量 {card.editionSize}
          </span>
          <SaleBadge state={state} startsAt={card.saleStartsAt} now={now} priorityStartsAt={card.priorityStartsAt} />
        </div>
      </div>
    </li>
  );
}

/** One product of the 實物 / 其他 tab; the whole row opens /mall/goodsDetail. */
export function ProductRow({ product, now, index = EAGER_ROWS }: { product: Product; now: number; index?: number }) {
  const state = liveState(product, now);
  return (
    <li className="list-row">
      <RowPicture src={product.image} shape="square" index={index} />
      <div className="mall-row-body">
        <Link to={`/mall/goodsDetail?id=${encodeURIComponent(product.id)}`} className="mall-row-name stretched-link">
          {product.name}
        </Link>
        <div className="mall-row-price">{formatHkd(product.priceCents)}</div>
        <div className="mall-row-foot">
          <span className="mall-row-left">
            尚餘 {product.left} / 共 {product.stock} 件
          </span>
          <SaleBadge
            state={state}
            startsAt={product.saleStartsAt}
            now={now}
            priorityStartsAt={product.priorityStartsAt}
          />
        </div>
      </div>
    </li>
  );
}
