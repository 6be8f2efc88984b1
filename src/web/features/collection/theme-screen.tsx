import { useCallback, useState } from 'react';
import { Button, Dialog, ProgressBar, Tabs, Toast } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import type { ThemeProgress } from '../../../shared/schemas/collection';
import { GoButton } from '../../components/go-button';
import { PagedFrame } from '../../components/paged-frame';
import { formatHkDate } from '../../../shared/hk-time';
import { isFailure } from '../../lib/request';
import { stores } from '../../lib/stores';
import { usePagedList } from '../../lib/use-paged-list';
import { exchangeBCard } from '../../api/exchange-b-card';
import { getThemes } from './api/get-themes';
import { CardTile } from './components/card-tile';
import { SetCompletion } from './components/set-completion';
import { ShareButton } from '../../components/share-button';
import './collection.css';
import './card-share.css';

type CardListKey = (typeof stores.card.keys)[number];
const PAGE_SIZE = 10;

/** Asks before a set exchange, naming every card that will be consumed. */
async function confirmExchange(theme: ThemeProgress): Promise<boolean> {
  const consumed = theme.cards.map((c) => `「${c.name}」${c.consumable?.serialLabel ?? ''}`);
  const title = `兌換「${theme.bCard?.name ?? 'B 卡'}」`;
  return Dialog.confirm({
    'aria-label': title,
    title,
    content: (
      <div className="confirm-body">
        <p>兌換後，以下 {consumed.length} 張卡牌會被消耗，不能復原：</p>
        <ul>
          {consumed.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>每個卡冊只可兌換一次。</p>
      </div>
    ),
    confirmText: '確認兌換',
    cancelText: '取消',
  });
}

/** Why 兌換 B 卡 is (not yet) possible, in words. */
function exchangeHint(theme: ThemeProgress, bName: string): string {
  if (theme.canExchange) return `已集齊！可兌換 B 卡「${bName}」（尚餘 ${theme.bCard?.left ?? 0} 張）`;
  if ((theme.bCard?.left ?? 0) <= 0) return `B 卡「${bName}」已全部兌換完畢`;
  if (theme.cards.some((c) => c.owned === 0 && c.left <= 0))
    return `未擁有的卡牌已全部發行，可到市場向其他收藏家購買，集齊後兌換 B 卡「${bName}」`;
  if (theme.cards.some((c) => c.owned > 0 && !c.consumable)) return '寄售中或交易中的卡牌不能用作兌換，請先取消寄售';
  return `集齊全部 ${theme.total} 張即可兌換 B 卡「${bName}」`;
}

function ThemeCardView({ theme, onExchanged }: { theme: ThemeProgress; onExchanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const percent = theme.total === 0 ? 0 : Math.round((theme.owned / theme.total) * 100);
  const exchange = async () => {
    if (!(await confirmExchange(theme))) return;
    setBusy(true);
    const result = await exchangeBCard(theme.id);
    setBusy(false);
    if (isFailure(result)) return;
    Toast.show({ icon: 'success', content: `兌換成功，獲得「${result.bCard.name}」${result.bCard.serialLabel}` });
    onExchanged();
  };
  return (
    <article className="theme-card" aria-labelledby={`theme-${theme.id}`}>
      <header className="theme-card-head">
        <img src={theme.cover} alt="" className="theme-cover" />
        <div>
          <h2 id={`theme-${theme.id}`} className="theme-name">
            {theme.name}
          </h2>
          <p className="theme-progress-text">
            {theme.exchange ? `已集齊 ${theme.total} 張並兌換` : `已收集 ${theme.owned} / ${theme.total}`}
          </p>
        </div>
        {/* A theme has no page of its own: its link opens the market filtered to it. */}
        <span className="theme-share">
          <ShareButton
            title={theme.name}
            text={`${theme.name}：已收集 ${theme.owned} / ${theme.total}｜Trove 寶庫`}
            path={`/market?themeId=${encodeURIComponent(theme.id)}`}
          />
        </span>
      </header>
      {!theme.exchange && (
        <>
          {/* antd-mobile's ProgressBar has no role: name and values go on a progressbar around it. */}
          <div
            role="progressbar"
            aria-label="收集進度"
            aria-valuemin={0}
            aria-valuemax={theme.total}
            aria-valuenow={theme.owned}
            aria-valuetext={`${theme.owned} / ${theme.total}`}
          >
            <ProgressBar percent={percent} />
          </div>
          <div className="card-grid small">
            {theme.cards.map((c) => (
              <CardTile
                key={c.cardInfoId}
                card={c}
                missing={c.owned === 0}
                serialLabel={c.owned > 0 ? `×${c.owned}` : c.left > 0 ? '未擁有' : '未擁有・已發行完畢'}
              />
            ))}
          </div>
        </>
      )}
      {theme.exchange ? (
        <div className="theme-exchanged">
          <CardTile card={theme.exchange.card} serialLabel={theme.exchange.card.serialLabel} />
          <p>
            已於 {formatHkDate(theme.exchange.exchangedAt)} 兌換 B 卡「{theme.exchange.card.name}」
            {theme.exchange.card.serialLabel}
          </p>
        </div>
      ) : theme.bCard ? (
        <div className="theme-actions">
          <p className="field-hint">{exchangeHint(theme, theme.bCard.name)}</p>
          {!theme.canExchange && theme.cards.some((c) => !c.consumable) && (
            <SetCompletion themeId={theme.id} themeName={theme.name} />
          )}
          <Button block color="primary" disabled={!theme.canExchange} loading={busy} onClick={exchange}>
            兌換 B 卡
          </Button>
        </div>
      ) : (
        <p className="field-hint">此卡冊沒有 B 卡可兌換</p>
      )}
    </article>
  );
}

function ThemeList({ status }: { status: 0 | 1 }) {
  const key = status === 0 ? 'unexchangedTheme' : 'exchangedTheme';
  const fetchPage = useCallback((page: number, pageSize: number) => getThemes({ status, page, pageSize }), [status]);
  const list = usePagedList<ThemeProgress, CardListKey>(stores.card, key, fetchPage, PAGE_SIZE, [status]);
  return (
    <PagedFrame
      {...list}
      endClassName="collection-list-end"
      what="卡冊"
      emptyText={
        status === 0
          ? {
              title: '未有收集中的卡冊',
              description: '到商城購買卡牌，或輸入卡包內的兌換碼開始收集。',
              action: <GoButton to="/my/card">兌換卡牌</GoButton>,
            }
          : { title: '未有已兌換的卡冊', description: '集齊一個卡冊的全部卡牌，即可在「未兌換」兌換 B 卡。' }
      }
    >
      <div className="theme-list">
        {list.items.map((t) => (
          <ThemeCardView key={t.id} theme={t} onExchanged={list.reload} />
        ))}
      </div>
    </PagedFrame>
  );
}

/** /my/theme: themes being collected (未兌換) with 一鍵補齊 (decision 042), and exchanged (已兌換), with the B card exchange. */
export default function ThemeScreen() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('status') === '1' ? '1' : '0';
  return (
    <Tabs activeKey={tab} onChange={(k) => setParams({ status: k }, { replace: true })} className="collection-tabs">
      <Tabs.Tab title="未兌換" key="0">
        {tab === '0' && <ThemeList status={0} />}
      </Tabs.Tab>
      <Tabs.Tab title="已兌換" key="1">
        {tab === '1' && <ThemeList status={1} />}
      </Tabs.Tab>
    </Tabs>
  );
}
