import { useState } from 'react';
import type { CardDetail } from '../../../../shared/schemas/collection';
import { ShareButton } from '../../../components/share-button';
import { isFailure } from '../../../lib/request';
import { setCardPublic } from '../api/card-public';
import { CardSwitch } from './card-switch';
import '../card-share.css';

/**
 * The owner's 「公開此卡」 switch (issue 23) and, once on, 「分享」 of the card's public page `/card?id=`. Off, the
 * page answers as if the card did not exist, so there is nothing to share.
 */
export function CardShareControls({ card }: { card: CardDetail }) {
  const [on, setOn] = useState(card.isPublic);
  const [busy, setBusy] = useState(false);
  if (!card.mine || card.status === 'consumed') return null;

  const toggle = async () => {
    setBusy(true);
    const res = await setCardPublic(card.id, !on);
    setBusy(false);
    if (!isFailure(res)) setOn(res.isPublic);
  };

  return (
    <div className="card-share">
      <CardSwitch label="公開此卡" on={on} busy={busy} onToggle={() => void toggle()} />
      {on && (
        <ShareButton
          title={`${card.name} ${card.serialLabel}`}
          text={`${card.name} ${card.serialLabel}｜Trove 寶庫`}
          path={`/card?id=${encodeURIComponent(card.id)}`}
        />
      )}
      <p className="field-hint card-share-hint">
        {on ? '任何人都可透過連結查看此卡、編號、你的暱稱及來源紀錄' : '公開後可分享此卡的頁面'}
      </p>
    </div>
  );
}
