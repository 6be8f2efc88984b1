import { useCallback, useState } from 'react';
import { Button, Dialog, List, Popup, Tag, Toast } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import type { Address } from '../../../shared/schemas/addresses';
import { GOODS_STATUS_LABELS, MAX_GOODS_PER_SHIPMENT, type Goods } from '../../../shared/schemas/delivery';
import { GoButton } from '../../components/go-button';
import { PagedFrame } from '../../components/paged-frame';
import { LoadingState } from '../../components/state-views';
import { formatHkDateTime } from '../../../shared/hk-time';
import { isFailure } from '../../lib/request';
import { stores } from '../../lib/stores';
import { useLoad } from '../../lib/use-load';
import { usePagedList } from '../../lib/use-paged-list';
import { getDefaultAddress } from './api/get-default-address';
import { listGoods } from './api/list-goods';
import { requestDelivery } from './api/request-delivery';
import { AddressText } from './components/address-text';
import { TitledSection } from './components/titled-section';
import { GoodsDetailView } from './components/goods-detail-view';
import { useAddressBook } from './components/use-address-book';
import './delivery.css';

type GoodsKey = (typeof stores.goods.keys)[number];
const PAGE_SIZE = 20;

/** The address the goods go to: the default at first, another from the book through 更換. */
function AddressPicker({ picked, onPick }: { picked: Address | null; onPick: (a: Address) => void }) {
  const [open, setOpen] = useState(false);
  const book = useAddressBook();
  const navigate = useNavigate();
  return (
    <TitledSection id="delivery-address-title" title="收貨地址">
      {picked ? (
        <>
          <AddressText address={picked} isDefault={picked.isDefault} />
          <Button size="small" fill="outline" color="primary" className="picker-button" onClick={() => setOpen(true)}>
            更換地址
          </Button>
        </>
      ) : (
        <>
          <p className="goods-meta">未有收貨地址：請先新增地址。</p>
          <Button size="small" color="primary" className="picker-button" onClick={() => navigate('/my/address/edit')}>
            新增地址
          </Button>
        </>
      )}
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        destroyOnClose
        bodyClassName="address-popup"
      >
        <div role="dialog" aria-label="選擇收貨地址">
          <h2 className="section-title popup-title">選擇收貨地址</h2>
          {book.status === 'loading' ? (
            <LoadingState label="正在載入收貨地址…" />
          ) : (
            <fieldset className="plain-fieldset">
              <legend className="visually-hidden">收貨地址</legend>
              {book.items.map((a) => (
                <label key={a.id} className="choice-row">
                  <input
                    type="radio"
                    name="delivery-address"
                    value={a.id}
                    checked={picked?.id === a.id}
                    onChange={() => {
                      onPick(a);
                      setOpen(false);
                    }}
                  />
                  <AddressText address={a} isDefault={a.isDefault} />
                </label>
              ))}
            </fieldset>
          )}
          <div className="form-actions popup-actions">
            <Button block onClick={() => navigate('/my/address/edit')}>
              新增地址
            </Button>
            <Button block fill="none" onClick={() => setOpen(false)}>
              關閉
            </Button>
          </div>
        </div>
      </Popup>
    </TitledSection>
  );
}

/** The empty list's message and where it leads. */
const NO_GOODS = {
  title: '未有可提貨的實物',
  description: '在商城購買實物商品後，會存放在這裏，隨時可申請寄到府上。',
  action: <GoButton to="/mall?tab=entity">前往商城</GoButton>,
};

/** /my/entity: the user's held physical goods; select some, pick an address, 申請提貨 (one shipment for all). */
export default function EntityScreen() {
  const navigate = useNavigate();
  const fetchPage = useCallback(
    (page: number, pageSize: number) => listGoods({ type: 1, status: 'held', page, pageSize }),
    [],
  );
  const list = usePagedList<Goods, GoodsKey>(stores.goods, 'entityList', fetchPage, PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const [chosen, setChosen] = useState<Address | null>(null);
  const [sending, setSending] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const fallback = useLoad(getDefaultAddress, []);
  const address = chosen ?? (fallback.status === 'ready' ? fallback.data : null);

  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const allIds = list.items.map((g) => g.id);
  const allSelected = allIds.length > 0 && allIds.every((id) => selected.includes(id));

  const submit = async () => {
    if (!address || selected.length === 0) return;
    const confirmed = await Dialog.confirm({
      'aria-label': '確認提貨',
      title: '確認提貨',
      content: (
        <div>
          <p>共 {selected.length} 件物品，將以一張提貨訂單寄往：</p>
          <AddressText address={address} />
        </div>
      ),
      confirmText: '確認提貨',
      cancelText: '取消',
    });
    if (!confirmed) return;
    setSending(true);
    const result = await requestDelivery({ goodsIds: selected, addressId: address.id });
    setSending(false);
    if (isFailure(result)) {
      // Something changed meanwhile (listed, already requested): show the goods as they are now.
      if (result.code === 409 || result.code === 404) {
        setSelected([]);
        list.reload();
      }
      return;
    }
    Toast.show({ icon: 'success', content: '已申請提貨' });
    navigate(`/my/logistics?id=${encodeURIComponent(result.id)}`);
  };

  return (
    <div className="entity-page">
      <p className="form-note entity-links">
        <Link to="/my/entity/order">查看提貨訂單</Link>
      </p>
      <PagedFrame {...list} endClassName="list-end" what="實物" emptyText={NO_GOODS}>
        <List header="存放中的實物" aria-label="存放中的實物">
          {list.items.map((g) => (
            <List.Item key={g.id}>
              <label className="choice-row">
                <input
                  type="checkbox"
                  checked={selected.includes(g.id)}
                  onChange={(e) => toggle(g.id, e.target.checked)}
                  aria-label={`選擇「${g.name}」`}
                />
                <span className="goods-row">
                  {g.image ? <img className="goods-thumb" src={g.image} alt="" /> : null}
                  <span>
                    <span className="goods-name">{g.name}</span>
                    <br />
                    <span className="goods-meta">購於 {formatHkDateTime(g.acquiredAt)}</span>{' '}
                    <Tag fill="outline">{GOODS_STATUS_LABELS[g.status]}</Tag>
                  </span>
                </span>
              </label>
              <Button
                size="mini"
                fill="none"
                color="primary"
                className="goods-detail-button"
                onClick={() => setOpenId(g.id)}
                aria-label={`「${g.name}」詳情`}
              >
                詳情
              </Button>
            </List.Item>
          ))}
        </List>
      </PagedFrame>
      <Popup
        visible={openId !== null}
        onMaskClick={() => setOpenId(null)}
        onClose={() => setOpenId(null)}
        destroyOnClose
        bodyClassName="address-popup"
      >
        {openId && (
          <div role="dialog" aria-label="物品詳情">
            <GoodsDetailView id={openId} />
            <div className="form-actions">
              <Button block onClick={() => setOpenId(null)}>
                關閉
              </Button>
            </div>
          </div>
        )}
      </Popup>
      {list.items.length > 0 && (
        <>
          <AddressPicker picked={address} onPick={setChosen} />
          <div className="delivery-bar" role="region" aria-label="提貨摘要">
            <label className="choice-row">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={(e) => setSelected(e.target.checked ? allIds.slice(0, MAX_GOODS_PER_SHIPMENT) : [])}
              />
              全選
            </label>
            <p className="delivery-summary" aria-live="polite">
              已選 {selected.length} 件
            </p>
            <Button
              color="primary"
              disabled={selected.length === 0 || !address}
              loading={sending}
              onClick={() => void submit()}
            >
              申請提貨
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
