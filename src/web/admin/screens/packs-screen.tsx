import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import type { Rarity } from '../../../shared/constants';
import { SALE_STATE_LABELS } from '../../../shared/sale-states';
import { confirmAction } from '../components/action-modal';
import { actionsColumn, CrudList, saleWindowColumn, useCrudTable } from '../components/crud-list';
import { FormModal } from '../components/form-modal';
import { PackDetail } from '../components/pack-detail';
import { PackFields, type PoolValue } from '../components/pack-fields';
import { QueueModal } from '../components/queue-modal';
import { paging } from '../components/list-tools';
import { useAction } from '../components/use-remove';
import { formatHkd, fromIso, toCents, toDollars, toIso } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { AdminPack } from '../lib/types';
import type { SaleValues } from '../components/sale-fields';

type PackValues = Omit<SaleValues, 'rights' | 'sort'> & {
  name: string;
  description: string;
  cover: string | null;
  cardsPerPack: number;
  hot: boolean;
  guaranteeOn: boolean;
  minRarity?: Rarity;
  every?: number;
  pool: PoolValue[];
};

const toValues = (p: AdminPack | null): PackValues => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  cover: p?.cover ?? null,
  cardsPerPack: p?.cardsPerPack ?? 5,
  price: toDollars(p?.priceCents),
  saleStartsAt: fromIso(p?.saleStartsAt),
  saleEndsAt: fromIso(p?.saleEndsAt),
  perUserLimit: p?.perUserLimit ?? 10,
  hot: p?.hot ?? false,
  guaranteeOn: p?.guarantee !== null && p?.guarantee !== undefined,
  minRarity: p?.guarantee?.minRarity ?? 'SR',
  every: p?.guarantee?.every ?? 10,
  pool: p?.pool.map((c) => ({ cardInfoId: c.cardInfoId, count: c.count })) ?? [{ count: 10 }],
});

const toBody = (v: PackValues) => ({
  name: v.name,
  description: v.description ?? '',
  cover: v.cover ?? '',
  cardsPerPack: v.cardsPerPack,
  priceCents: toCents(v.price),
  saleStartsAt: toIso(v.saleStartsAt),
  saleEndsAt: toIso(v.saleEndsAt),
  perUserLimit: v.perUserLimit,
  hot: v.hot ?? false,
  guarantee: v.guaranteeOn ? { minRarity: v.minRarity, every: v.every } : null,
  pool: (v.pool ?? []).map((l) => ({ cardInfoId: l.cardInfoId ?? '', count: l.count })),
});

/** An edit sends only what changed: once packs were ordered, the pool, price and guarantee are fixed. */
const changed = (body: Record<string, unknown>, before: Record<string, unknown> | null) =>
  before
    ? Object.fromEntries(Object.entries(body).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k])))
    : body;

/** Pack series (issue 25): create and edit (the pool, odds computed from it), 詳情 with the commitment, 結束發售. */
export function PacksScreen() {
  const { tableProps, list, editing, setEditing, modal } = useCrudTable<AdminPack>('packs', '卡包系列');
  const [shown, setShown] = useState<AdminPack | null>(null);
  const [queueOf, setQueueOf] = useState<AdminPack | null>(null);
  const act = useAction('packs');
  const close = (p: AdminPack) =>
    confirmAction({
      title: `結束發售「${p.name}」？`,
      content: '卡包即時停售，未抽出的卡牌交回發行量；沒有待付款訂單後會公開伺服器種子，任何人都可以驗證抽卡。',
      okText: '結束發售',
      danger: true,
      run: () => act('close', { id: p.id }, '已結束發售'),
    });

  return (
    <CrudList {...list}>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AdminPack>
          title="封面"
          dataIndex="cover"
          render={(v: string, r) => <img src={v} alt={r.name} className="admin-thumb" />}
        />
        <Table.Column<AdminPack> title="名稱" dataIndex="name" />
        <Table.Column<AdminPack> title="售價" dataIndex="priceCents" render={(v: number) => formatHkd(v)} />
        <Table.Column<AdminPack> title="每包張數" dataIndex="cardsPerPack" />
        <Table.Column<AdminPack> title="已售／總包數" render={(_, r) => `${r.packsSold}／${r.packsTotal}`} />
        <Table.Column<AdminPack>
          title="狀態"
          render={(_, r) => (
            <Space size={4} wrap>
              {SALE_STATE_LABELS[r.saleState]}
              {r.hot && <Tag>熱門</Tag>}
              {r.serverSeed && <Tag>已公開種子</Tag>}
            </Space>
          )}
        />
        {saleWindowColumn<AdminPack>()}
        {actionsColumn<AdminPack>((r) => (
          <>
            <Button size="small" onClick={() => setShown(r)} aria-label={`詳情 ${r.name}`}>
              詳情
            </Button>
            {r.hot && (
              <Button size="small" onClick={() => setQueueOf(r)} aria-label={`${r.name}的排隊及公平報告`}>
                排隊及報告
              </Button>
            )}
            <Button size="small" onClick={() => setEditing(r)} aria-label={`編輯卡包系列 ${r.name}`}>
              編輯
            </Button>
            <Button
              size="small"
              danger
              disabled={r.closedAt !== null}
              onClick={() => close(r)}
              aria-label={`結束發售 ${r.name}`}
            >
              結束發售
            </Button>
          </>
        ))}
      </Table>
      <FormModal<PackValues>
        {...modal}
        width={820}
        createSchema={SCHEMAS.packCreate}
        updateSchema={SCHEMAS.packUpdate}
        fieldOf={{ priceCents: 'price', guarantee: 'every' }}
        toValues={(r) => toValues(r as AdminPack | null)}
        toBody={(v) => changed(toBody(v), editing ? toBody(toValues(editing)) : null)}
      >
        <PackFields pack={editing ?? null} />
      </FormModal>
      <PackDetail pack={shown} onClose={() => setShown(null)} />
      <QueueModal
        drop={queueOf && { kind: 'pack', id: queueOf.id, name: queueOf.name }}
        onClose={() => setQueueOf(null)}
      />
    </CrudList>
  );
}
