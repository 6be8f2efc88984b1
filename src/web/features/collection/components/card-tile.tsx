import type { ReactNode } from 'react';
import { cardArtAlt } from '../../../lib/card-art-alt';
import { thumbnail } from '../../../../shared/pictures';

/**
 * A card (`card`: its name, picture and rarity) with its serial (the art carries the rarity; the alt text says it);
 * greyed when the user does not have it.
 */
export function CardTile({
  card: { name, image, rarity },
  serialLabel,
  missing = false,
  badge,
  onOpen,
}: {
  card: { name: string; image: string; rarity: string };
  serialLabel?: string;
  missing?: boolean;
  badge?: ReactNode;
  onOpen?: () => void;
}) {
  const body = (
    <>
      <span className="card-tile-frame">
        <img
          className="card-tile-image"
          src={thumbnail(image)}
          alt={cardArtAlt({ name, rarity, serial: serialLabel })}
          loading="lazy"
        />
        {badge}
      </span>
      <span className="card-tile-name">{name}</span>
      {serialLabel && <span className="card-tile-serial">{serialLabel}</span>}
    </>
  );
  const className = `card-tile${missing ? ' missing' : ''}`;
  return onOpen ? (
    <button type="button" className={className} onClick={onOpen} aria-label={`${name} ${serialLabel ?? ''}，查看詳情`}>
      {body}
    </button>
  ) : (
    <div className={className}>{body}</div>
  );
}
