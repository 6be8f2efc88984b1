import { useEffect, useState } from 'react';
import { formatHkd } from '../../../../shared/money';
import { usedPerkText, type PerkPreview } from '../../../../shared/schemas/perks';
import { getPerkPreview } from '../../../api/get-perk-preview';
import { readToken } from '../../../lib/auth-storage';
import { isFailure } from '../../../lib/request';

/**
 * 持卡優惠 on a mall detail: the perk a signed-in buyer's order of one unit would get now (decision 029), or the one
 * used up this month (「本月已使用」), asked only when the item can be ordered; nothing for a visitor or when no perk
 * applies.
 */
export function PerkHint({ type, id, buyable }: { type: 'card' | 'product'; id: string; buyable: boolean }) {
  const [preview, setPreview] = useState<Pick<PerkPreview, 'perk' | 'used'> | null>(null);
  const signedIn = readToken() !== null;
  useEffect(() => {
    if (!signedIn || !buyable) return setPreview(null);
    let live = true;
    void getPerkPreview({ type, id, quantity: 1 }).then((p) => {
      if (live) setPreview(isFailure(p) ? null : p);
    });
    return () => {
      live = false;
    };
  }, [signedIn, buyable, type, id]);
  const { perk, used } = preview ?? { perk: null, used: null };
  if (perk)
    return (
      <p className="perk-hint">
        持卡優惠：{perk.title}（{perk.cardName}），此件可省 <strong>{formatHkd(perk.saving)}</strong>
      </p>
    );
  // Used up for its period: still named, with when it comes back (issue 44).
  if (used)
    return (
      <p className="perk-hint perk-used">
        持卡優惠：{used.title}（{used.cardName}），<strong>{usedPerkText(used)}</strong>
      </p>
    );
  return null;
}
