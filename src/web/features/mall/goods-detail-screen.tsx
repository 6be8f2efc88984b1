import { Swiper } from 'antd-mobile';
import { PRODUCT_TYPE_LABELS, type Product } from '../../../shared/schemas/catalogue';
import { TextBody } from '../../components/text-body';
import { MarketPriceText } from '../../components/market-price';
import { LiveCount } from './components/live-item';
import { getProduct } from '../../api/get-product';
import { saleWindow } from './components/detail-parts';
import { DetailScreen, SaleDetail } from './components/sale-detail';
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
          <img
            className="detail-gallery"
            src={src}
            alt={`${product.name}（第 ${i + 1} 張，共 ${product.images.length} 張）`}
          />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}

/** /mall/goodsDetail?id=: a product with its images, stock, countdown and 立即購買. */
export default function GoodsDetailScreen() {
  return (
    <DetailScreen what="商品" load={getProduct}>
      {(product) => (
        <SaleDetail
          item={product}
          media={<Gallery product={product} />}
          tags={<span className="rarity">{PRODUCT_TYPE_LABELS[product.type]}</span>}
          facts={[
            ['總數', `${product.stock} 件`],
            ['尚餘', <LiveCount key="left" value={product.left} unit="件" />],
            ['每人限購', `${product.perUserLimit} 件`],
            ['發售時間', saleWindow(product.saleStartsAt, product.saleEndsAt)],
            ['市場價', <MarketPriceText key="market" value={product.marketPrice} label={null} />],
            ...(product.type === 1 ? ([['提貨', '存放於寶庫倉庫，可隨時申請送貨']] as [string, string][]) : []),
          ]}
          about={product.description ? { title: '商品介紹', body: <TextBody text={product.description} /> } : null}
          payPath={`/mall/goodsPay?id=${encodeURIComponent(product.id)}`}
          perkFor={{ type: 'product', id: product.id }}
          watch={{ kind: 'product', id: product.id }}
        />
      )}
    </DetailScreen>
  );
}
