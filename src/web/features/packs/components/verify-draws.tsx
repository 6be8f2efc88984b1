import { useState } from 'react';
import type { DrawCheck } from '../../../../shared/pack-draw';
import type { PackDraw } from '../../../../shared/schemas/packs';

const STEP = 100;

function DrawItem({
  draw,
  check,
  nameOf,
}: {
  draw: PackDraw;
  check: DrawCheck | undefined;
  nameOf: (id: string) => string;
}) {
  const names = (ids: string[]) => ids.map(nameOf).join('、');
  return (
    <li>
      <div className="verify-draw-head">
        <strong>第 {draw.nonce} 包</strong>
        {check ? (
          <span className={check.ok ? 'verify-mark-ok' : 'verify-mark-bad'}>
            {check.ok ? '✓ 相符' : `✗ ${check.problem ?? '不符'}`}
          </span>
        ) : (
          <span>未能驗證</span>
        )}
      </div>
      <div>
        訂單 {draw.orderNo}・買家 {draw.buyer}
        {draw.guaranteed && <span className="pack-guaranteed">保底</span>}
      </div>
      <div>
        客戶種子 <span className="pack-hex">{draw.clientSeed}</span>
      </div>
      <div>公開的卡牌：{names(draw.cardInfoIds)}</div>
      {check && !check.ok && check.expected.length > 0 && <div>重新計算應為：{names(check.expected)}</div>}
    </li>
  );
}

/** Every published draw (by nonce) with what the check found; a long series shows 100 more at a time. */
export function VerifyDraws({
  draws,
  checks,
  nameOf,
}: {
  draws: PackDraw[];
  checks: DrawCheck[];
  nameOf: (id: string) => string;
}) {
  const [shown, setShown] = useState(STEP);
  const byNonce = new Map(checks.map((c) => [c.nonce, c]));
  if (draws.length === 0) return <p className="pack-hint">此系列仍未有人開包。</p>;
  return (
    <>
      <ol className="verify-draws" aria-label="每包的抽卡結果">
        {draws.slice(0, shown).map((d) => (
          <DrawItem key={d.nonce} draw={d} check={byNonce.get(d.nonce)} nameOf={nameOf} />
        ))}
      </ol>
      {draws.length > shown && (
        <button type="button" className="state-button outline-button" onClick={() => setShown((n) => n + STEP)}>
          顯示更多（尚有 {draws.length - shown} 包）
        </button>
      )}
    </>
  );
}
