import { Swiper } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { PRODUCT_TYPE_LABELS, type Product } from '../../../shared/schemas/catalogue';
import { TextBody } from '../../components/text-body';
import { useProduct } from './api/get-product';
import { BuyBar } from './components/buy-bar';
import { DetailStates, Facts, MissingId, Rights, StartCountdown, saleWindow } from './components/detail-parts';
import { SaleBadge } from './components/sale-badge';
import { useNow } from '../../lib/use-clock';
import { liveState, notBuyableReason } from './components/sale-state';
import './mall.css';

function Gallery({ product }: { product: Product }) {
  if (product.images.length === 0) {
    return (
      <div className="detail-gallery placeholder" aria-hidden="true">
        寶
      </div>
    );
  }
  if (product.images.length === 1) {
    return <img className="detail-gallery" src={product.images[0]} alt={product.name} />;
  }
  return (
    <Swiper className="detail-gallery" aria-label="商品圖片" indicatorProps={{ color: 'white' }}>
      {product.images.map((src, i) => (
        <Swiper.Item key={src}>
          <img className="detail-gallery" src={src} alt={`${product.name}（第 ${i + 1} 張，共 ${product.images.length} 張）`} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

function GoodsDetail({ product }: { product: Product }) {
  const now = useNow(product.saleState === 'upcoming' || product.saleEndsAt !== null);
  const state = liveState(product, now);
  const reason = notBuyableReason(product, state);
  return (
    <>
      <article className="detail" aria-labelledby="detail-title">
        <Gallery product={product} />
        <div className="detail-head">
          <div className="detail-tags">
            <span className="rarity">{PRODUCT_TYPE_LABELS[product.type]}</span>
            <SaleBadge state={state} startsAt={product.saleStartsAt} now={now} />
          </div>
          <h2 id="detail-title" className="detail-title">
            {product.name}
          </h2>
        </div>
        {state === 'upcoming' && product.saleStartsAt && <StartCountdown startsAt={product.saleStartsAt} now={now} />}
        <Facts
          items={[
            ['總數', `${product.stock} 件`],
            ['尚餘', `${product.left} 件`],
            ['每人限購', `${product.perUserLimit} 件`],
            ['發售時間', saleWindow(product.saleStartsAt, product.saleEndsAt)],
            ...(product.type === 1 ? ([['提貨', '存放於寶庫倉庫，可隨時申請送貨']] as [string, string][]) : []),
          ]}
        />
        {product.description && (
          <section className="detail-section" aria-labelledby="desc-title">
            <h3 id="desc-title">商品介紹</h3>
            <TextBody text={product.description} />
          </section>
        )}
        <Rights rights={product.rights} />
      </article>
      <BuyBar priceCents={product.priceCents} payPath={`/mall/goodsPay?id=${encodeURIComponent(product.id)}`} reason={reason} />
    </>
  );
}

function GoodsDetailLoader({ id }: { id: string }) {
  const product = useProduct(id);
  if (product.status !== 'ready') return <DetailStates status={product.status} failure={product.failure} reload={product.reload} what="商品" />;
  return <GoodsDetail product={product.data} />;
}

/** /mall/goodsDetail?id=: a product with its images, stock, countdown and 立即購買. */
export default function GoodsDetailScreen() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  if (!id) return <MissingId what="商品" />;
  return <GoodsDetailLoader id={id} />;
}
