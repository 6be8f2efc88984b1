import { useEffect, useState } from 'react';
import { formatHkd } from '../../../../shared/money';
import type { AppliedPerk } from '../../../../shared/schemas/perks';
import { getPerkPreview } from '../../../api/get-perk-preview';
import { readToken } from '../../../lib/auth-storage';
import { isFailure } from '../../../lib/request';

/**
 * 持卡優惠 on a mall detail: the perk a signed-in buyer's order of one unit would get now (decision 029), asked only
 * when the item can be ordered; nothing for a visitor or when no perk applies.
 */
export function PerkHint({ type, id, buyable }: { type: 'card' | 'product'; id: string; buyable: boolean }) {
  const [perk, setPerk] = useState<AppliedPerk | null>(null);
  const signedIn = readToken() !== null;
  useEffect(() => {
    if (!signedIn || !buyable) return setPerk(null);
    let live = true;
    void getPerkPreview({ type, id, quantity: 1 }).then((p) => {
      if (live) setPerk(isFailure(p) ? null : p.perk);
    });
    return () => {
      live = false;
    };
  }, [signedIn, buyable, type, id]);
  if (!perk) return null;
  return (
    <p className="perk-hint">
      持卡優惠：{perk.title}（{perk.cardName}），此件可省 <strong>{formatHkd(perk.saving)}</strong>
    </p>
  );
}
