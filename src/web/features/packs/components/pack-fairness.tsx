import { Link } from 'react-router';
import type { PackSeriesDetail } from '../../../../shared/schemas/packs';
import { PackPart } from './pack-part';

/** The commitment SHA-256(serverSeed) and the server seed, or why the seed is not shown yet. */
export function SeedHashes({ commitment, seed, hidden }: { commitment: string; seed: string | null; hidden: string }) {
  return (
    <dl className="pack-hashes">
      <div>
        <dt>承諾 SHA-256(伺服器種子)</dt>
        <dd className="pack-hex">{commitment}</dd>
      </div>
      <div>
        <dt>伺服器種子</dt>
        <dd className={seed ? 'pack-hex' : undefined}>{seed ?? hidden}</dd>
      </div>
    </dl>
  );
}

/** 公平抽卡: the commitment SHA-256(serverSeed), the seed once revealed, and the page that checks every draw. */
export function PackFairness({ pack }: { pack: PackSeriesDetail }) {
  return (
    <PackPart
      id="pack-fair-title"
      title="公平抽卡"
      hint="開售前已公開伺服器種子的 SHA-256 雜湊（承諾）。每包的卡牌由伺服器種子、訂單編號、你的客戶種子和包序號計算；發售結束後公開種子，任何人都可以重新計算每一次抽卡。"
    >
      <SeedHashes
        commitment={pack.commitment}
        seed={pack.serverSeed}
        hidden="未公開：售罄或結束發售，且沒有待付款訂單後公開"
      />
      <Link className="pack-verify-link" to={`/mall/verify?pack=${encodeURIComponent(pack.id)}`}>
        驗證全部抽卡結果（已抽 {pack.packsDrawn} 包）
      </Link>
    </PackPart>
  );
}
