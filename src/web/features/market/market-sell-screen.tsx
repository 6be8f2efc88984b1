import type { ItemKind } from '../../../shared/schemas/market';
import { getWallet } from '../../api/get-wallet';
import { ErrorState, LoadingState } from '../../components/state-views';
import { useLoad } from '../../lib/use-load';
import { BuyMode } from './components/buy-form';
import { useQueryState } from '../../lib/use-query-state';
import { SellForm } from './components/sell-form';
import { TradeGate } from './components/trade-gate';
import './market.css';

/** /market/sell: a sell listing from the eligible items (?kind=&itemId=), or a buy listing (?mode=buy&cardInfoId= | productId=). */
export default function MarketSellScreen() {
  const { params, update } = useQueryState();
  const mode = params.get('mode') === 'buy' ? 'buy' : 'sell';
  const kind: ItemKind = params.get('kind') === 'goods' || params.get('productId') ? 'goods' : 'card';
  const wallet = useLoad(getWallet, []);
  const cardInfoId = params.get('cardInfoId');
  const productId = params.get('productId');
  const initialTarget = cardInfoId
    ? { kind: 'card' as const, id: cardInfoId }
    : productId
      ? { kind: 'goods' as const, id: productId }
      : null;

  return (
    <div className="market">
      <div className="market-toolbar">
        <div className="market-toggle" role="group" aria-label="掛單類型">
          <button
            type="button"
            className="market-toggle-button"
            aria-pressed={mode === 'sell'}
            onClick={() => update({ mode: undefined })}
          >
            出售
          </button>
          <button
            type="button"
            className="market-toggle-button"
            aria-pressed={mode === 'buy'}
            onClick={() => update({ mode: 'buy' })}
          >
            求購
          </button>
        </div>
      </div>
      {wallet.status === 'loading' ? (
        <LoadingState />
      ) : wallet.status === 'error' ? (
        <ErrorState onRetry={wallet.reload} />
      ) : (
        <TradeGate wallet={wallet.data} mode={mode}>
          {mode === 'sell' ? (
            <SellForm key="sell" initialKind={kind} initialItemId={params.get('itemId')} />
          ) : (
            <BuyMode key="buy" initial={initialTarget} />
          )}
        </TradeGate>
      )}
    </div>
  );
}
