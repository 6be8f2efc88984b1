import type { ItemKind } from '../../shared/market-labels';
import { thumbnail } from '../../shared/pictures';
import './list-row.css';

/**
 * A list row's picture of a card (taller) or a product, `load` as `rowImageLoading` says; 寶 where there is none
 * (the market's rows, a seller's listings, the search results).
 */
export function ItemPicture({
  kind,
  image,
  load,
}: {
  kind: ItemKind;
  image: string | null;
  load: { loading: 'eager' | 'lazy'; fetchPriority?: 'high' | 'auto' };
}) {
  return image ? (
    <img
      className={kind === 'card' ? 'list-row-image card' : 'list-row-image'}
      src={thumbnail(image)}
      alt=""
      {...load}
      width={64}
      height={kind === 'card' ? 90 : 64}
    />
  ) : (
    <div className="list-row-image placeholder" aria-hidden="true">
      寶
    </div>
  );
}
