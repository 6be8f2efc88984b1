import { List } from '@refinedev/antd';
import { Button, Table } from 'antd';
import { useState } from 'react';
import {
  ITEM_KINDS,
  LISTING_STATUSES,
  LISTING_STATUS_LABELS,
  type ListingStatus,
  type SellType,
} from '../../../shared/schemas/market';
import { LISTING_SIDE_LABELS, LISTING_SIDES, SELL_TYPE, sideOfSellType } from '../../../shared/market-labels';
import { SALE_WAY_LABELS } from '../../../shared/sale-ways';
import { ActionModal, type PendingAction } from '../components/action-modal';
import { ChoiceFilter, FilterBar, labelOptions, paging, TextFilter, useSearchTable } from '../components/list-tools';
import { formatHkd, formatTime, hkLabel } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { AdminListing } from '../lib/types';

const KIND_LABELS: Record<string, string> = { card: '卡牌', goods: '物品' };
/** Open listings: waiting for payment, on the market, or in a trade (the server decides what a take-down does to each). */
const TAKE_DOWN_FROM = new Set<string>(['active', 'pending_payment', 'reserved']);

/** How a listing's sales went (decision 049): 「（議價成交 HK$22.00，買家 小明）」 for each, whatever their way. */
const soldAs = (l: AdminListing) =>
  l.sales
    .map(
      (x) =>
        `（${SALE_WAY_LABELS[x.way]} ${formatHkd(x.price)}，${sideOfSellType(l.sellType) === 'sell' ? '買家' : '賣家'} ${x.counterparty.nickname}）`,
    )
    .join('');

/** Market listings: take one down with a reason the seller sees in their list. */
export function ListingsScreen() {
  const { tableProps, searchFormProps } = useSearchTable<AdminListing>('listings');
  const [pending, setPending] = useState<PendingAction | null>(null);
  const nameOf = (l: AdminListing) => `${l.itemName}${l.serialLabel ? ` ${l.serialLabel}` : ''}`;

  return (
    <List title="市場掛單">
      <FilterBar formProps={searchFormProps}>
        <TextFilter name="q" label="關鍵字" />
        <ChoiceFilter name="status" label="狀態" options={labelOptions(LISTING_STATUS_LABELS, LISTING_STATUSES)} />
        <ChoiceFilter name="kind" label="類別" width={100} options={labelOptions(KIND_LABELS, ITEM_KINDS)} />
        <ChoiceFilter
          name="sellType"
          label="買賣"
          width={100}
          options={LISTING_SIDES.map((s) => ({ value: String(SELL_TYPE[s]), label: LISTING_SIDE_LABELS[s] }))}
        />
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<AdminListing> title={hkLabel('掛單時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<AdminListing> title="名稱" render={(_, l) => nameOf(l)} />
        <Table.Column<AdminListing> title="類別" dataIndex="kind" render={(k: string) => KIND_LABELS[k] ?? k} />
        <Table.Column<AdminListing>
          title="買賣"
          dataIndex="sellType"
          render={(t: SellType) => LISTING_SIDE_LABELS[sideOfSellType(t)]}
        />
        <Table.Column<AdminListing> title="價格" dataIndex="price" render={(v: number) => formatHkd(v)} />
        <Table.Column<AdminListing> title="用戶" render={(_, l) => `${l.user.nickname}（${l.user.phoneMasked}）`} />
        <Table.Column<AdminListing>
          title="狀態"
          dataIndex="status"
          render={(s: ListingStatus, l) =>
            `${LISTING_STATUS_LABELS[s] ?? s}${l.takedownReason ? `：${l.takedownReason}` : ''}${soldAs(l)}`
          }
        />
        <Table.Column<AdminListing>
          title="操作"
          render={(_, l) =>
            TAKE_DOWN_FROM.has(l.status) ? (
              <Button
                size="small"
                danger
                onClick={() =>
                  setPending({
                    path: 'listings/takeDown',
                    title: `下架「${nameOf(l)}」`,
                    id: l.id,
                    okText: '下架',
                    done: '已下架，用戶會看到下架原因',
                    danger: true,
                    schema: SCHEMAS.takeDown,
                    fields: [
                      { name: 'reason', label: '下架原因（用戶會看到）', required: true, max: 200, multiline: true },
                    ],
                  })
                }
                aria-label={`下架 ${nameOf(l)}（${l.user.nickname}）`}
              >
                下架
              </Button>
            ) : null
          }
        />
      </Table>
      <ActionModal action={pending} onClose={() => setPending(null)} invalidates={['listings', 'dashboard']} />
    </List>
  );
}
