import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { verifySeries, type VerifyReport } from '../../../shared/pack-draw';
import type { PackDraw, PackSeriesDetail } from '../../../shared/schemas/packs';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { isFailure } from '../../lib/request';
import { useLoad } from '../../lib/use-load';
import { getPack } from './api/get-pack';
import { getAllPackDraws } from './api/get-pack-draws';
import { SeedHashes } from './components/pack-fairness';
import { VerifyDraws } from './components/verify-draws';
import './packs.css';

type Outcome = { status: 'checking' } | { status: 'done'; report: VerifyReport } | { status: 'failed' };

/** Replays the draws in this browser with the shared code (src/shared/pack-draw.ts), from the published data only. */
function useReport(pack: PackSeriesDetail, draws: PackDraw[]): Outcome {
  const [outcome, setOutcome] = useState<Outcome>({ status: 'checking' });
  useEffect(() => {
    let live = true;
    setOutcome({ status: 'checking' });
    verifySeries(pack, draws).then(
      (report) => live && setOutcome({ status: 'done', report }),
      // No Web Crypto (a page not served over HTTPS) or a malformed answer.
      () => live && setOutcome({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [pack, draws]);
  return outcome;
}

function Verdict({ outcome, count }: { outcome: Outcome; count: number }) {
  if (outcome.status === 'checking') return <LoadingState label="正在重新計算每一包…" />;
  if (outcome.status === 'failed')
    return (
      <div className="verify-verdict bad" role="status">
        <strong>未能在此瀏覽器驗證</strong>
        <p>此瀏覽器未能使用 Web Crypto（頁面須經 HTTPS 開啟），或公開的資料格式有誤。</p>
      </div>
    );
  const { report } = outcome;
  if (!report.revealed)
    return (
      <div className="verify-verdict" role="status">
        <strong>暫時未能驗證</strong>
        <p>
          伺服器種子仍未公開：卡包售罄或結束發售，而且沒有待付款訂單後才會公開。公開前任何人都不能預知抽卡結果，所以現時只能核對下面的承諾；公開後再打開此頁，就會重新計算全部
          {count} 包。
        </p>
      </div>
    );
  const bad = report.checks.filter((c) => !c.ok).length;
  return (
    <div className={`verify-verdict ${report.ok ? 'ok' : 'bad'}`} role="status">
      <strong>{report.ok ? `✓ 全部 ${count} 包相符` : `✗ 驗證失敗`}</strong>
      <p>
        {report.seedMatchesCommitment
          ? '✓ 伺服器種子的 SHA-256 與開售前公開的承諾相符。'
          : '✗ 伺服器種子的 SHA-256 與開售前公開的承諾不符。'}
      </p>
      <p>{bad === 0 ? `✓ ${count} 包的抽卡結果全部與重新計算相符。` : `✗ ${bad} 包的抽卡結果與重新計算不符。`}</p>
    </div>
  );
}

function Verification({ pack, draws }: { pack: PackSeriesDetail; draws: PackDraw[] }) {
  const outcome = useReport(pack, draws);
  const names = new Map(pack.pool.map((c) => [c.cardInfoId, `${c.name}（${c.rarity}）`]));
  return (
    <div className="verify">
      <h2>驗證「{pack.name}」的抽卡結果</h2>
      <p className="pack-hint">
        此頁只用公開資料（卡包資料及已公開的抽卡記錄），在你的瀏覽器內用與伺服器相同的演算法重新計算每一包。
      </p>
      <Verdict outcome={outcome} count={draws.length} />
      <SeedHashes commitment={pack.commitment} seed={pack.serverSeed} hidden="未公開" />
      <h3 className="pack-subtitle">已抽出的 {draws.length} 包</h3>
      <VerifyDraws
        draws={draws}
        checks={outcome.status === 'done' ? outcome.report.checks : []}
        nameOf={(id) => names.get(id) ?? id}
      />
      <p>
        <Link to={`/mall/pack?id=${encodeURIComponent(pack.id)}`}>返回卡包</Link>
      </p>
    </div>
  );
}

/** /mall/verify?pack=: a public page that checks every draw of a pack series and its seed against the commitment. */
export default function VerifyScreen() {
  const [params] = useSearchParams();
  const id = params.get('pack')?.trim() ?? '';
  const data = useLoad(async () => {
    const [pack, draws] = await Promise.all([getPack(id), getAllPackDraws(id)]);
    if (isFailure(pack)) return pack;
    if (isFailure(draws)) return draws;
    return { pack, draws: draws.draws };
  }, [id]);
  if (!id)
    return (
      <EmptyState
        title="未有選擇卡包"
        description={
          <>
            請在<Link to="/mall">商城</Link>打開卡包，再選「驗證全部抽卡結果」。
          </>
        }
      />
    );
  if (data.status === 'loading') return <LoadingState label="正在載入抽卡記錄…" />;
  if (data.status === 'error')
    return data.failure.code === 404 ? (
      <EmptyState title="找不到這個卡包" description="連結可能有誤，請從卡包頁面打開驗證。" />
    ) : (
      <ErrorState title="未能載入抽卡記錄" onRetry={data.reload} />
    );
  return <Verification pack={data.data.pack} draws={data.data.draws} />;
}
