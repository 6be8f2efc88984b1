import { useSelect } from '@refinedev/antd';
import { Button, Form, Input, InputNumber, Space, Switch, Table } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { RARITIES, type Rarity } from '../../../shared/constants';
import { CARDS_PER_PACK_MAX, PACK_POOL_COUNT_MAX, PACK_POOL_ENTRIES_MAX } from '../../../shared/schemas/packs';
import type { AdminPack } from '../lib/types';
import { percent } from '../lib/format';
import { FormSelect } from './form-select';
import { ImageUpload } from './image-upload';
import { SaleFields } from './sale-fields';

interface CardOption {
  id: string;
  name: string;
  rarity: Rarity;
}

/** A pool line as the form holds it (the card may still be unpicked). */
export interface PoolValue {
  cardInfoId?: string;
  count?: number;
}

/**
 * The catalogue's cards to pick from, searched on the server as one types, and every card seen so far (the ones of
 * the series being edited included) by id: their names and rarities, which the odds below need.
 */
function useCardPicker(pack: AdminPack | null) {
  const seen = useRef(new Map<string, CardOption>());
  const [, setSeenCount] = useState(0);
  const { selectProps, query } = useSelect<CardOption>({
    resource: 'cardInfos',
    optionLabel: (c) => `${c.name}（${c.rarity}）`,
    optionValue: 'id',
    pagination: { pageSize: 50, mode: 'server' },
    onSearch: (q) => [{ field: 'q', operator: 'eq', value: q }],
  });
  const fetched = query.data?.data;
  useEffect(() => {
    const more = [
      ...(pack?.pool ?? []).map((c) => ({ id: c.cardInfoId, name: c.name, rarity: c.rarity })),
      ...(fetched ?? []),
    ];
    for (const c of more) seen.current.set(c.id, { id: c.id, name: c.name, rarity: c.rarity });
    setSeenCount(seen.current.size);
  }, [pack, fetched]);
  // The series' own cards stay choosable (and named) whatever the search shows.
  const own = (pack?.pool ?? []).map((c) => ({ value: c.cardInfoId, label: `${c.name}（${c.rarity}）` }));
  const options = [...own, ...(selectProps.options ?? []).filter((o) => !own.some((x) => x.value === o.value))];
  return { selectProps: { ...selectProps, options }, cardOf: (id: string | undefined) => seen.current.get(id ?? '') };
}

/**
 * 計算機率: what the pool as typed gives, per rarity and per card (a unit's chance on a fresh series), and the packs it
 * makes. Computed here and again by the server from the pool; never typed.
 */
function ComputedOdds({ cardOf }: { cardOf: (id: string | undefined) => CardOption | undefined }) {
  const form = Form.useFormInstance();
  const pool = (Form.useWatch('pool', form) as PoolValue[] | undefined) ?? [];
  const perPack = (Form.useWatch('cardsPerPack', form) as number | undefined) ?? 0;
  const lines = pool.filter((l) => l?.cardInfoId && (l.count ?? 0) > 0);
  const units = lines.reduce((n, l) => n + (l.count ?? 0), 0);
  const rows = useMemo(() => {
    const byRarity = new Map<string, number>();
    for (const l of lines) {
      const rarity = cardOf(l.cardInfoId)?.rarity ?? '？';
      byRarity.set(rarity, (byRarity.get(rarity) ?? 0) + (l.count ?? 0));
    }
    return [...byRarity]
      .sort(([a], [b]) => RARITIES.indexOf(a as Rarity) - RARITIES.indexOf(b as Rarity))
      .map(([rarity, count]) => ({ key: rarity, rarity, count, chance: units ? percent(count / units) : '—' }));
  }, [lines, units, cardOf]);
  return (
    <section aria-labelledby="pack-odds-preview" className="admin-pack-odds">
      <h3 id="pack-odds-preview">計算出的機率（按卡池數量，不能手動輸入）</h3>
      <p>
        卡池共 {units} 張；每包 {perPack || '—'} 張，可售 {perPack > 0 ? Math.floor(units / perPack) : '—'} 包。
      </p>
      <Table size="small" pagination={false} dataSource={rows} rowKey="key">
        <Table.Column title="稀有度" dataIndex="rarity" />
        <Table.Column title="張數" dataIndex="count" />
        <Table.Column title="每張卡抽中的機率" dataIndex="chance" />
      </Table>
      <ul className="admin-pack-card-odds" aria-label="每款卡牌的機率">
        {lines.map((l, i) => (
          <li key={`${l.cardInfoId}-${i}`}>
            {cardOf(l.cardInfoId)?.name ?? l.cardInfoId}：{l.count} 張，{units ? percent((l.count ?? 0) / units) : '—'}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The pool: card infos picked from the catalogue, a count each (the whole supply of that card in this series). */
function PoolFields({ selectProps }: { selectProps: ReturnType<typeof useCardPicker>['selectProps'] }) {
  return (
    <Form.List name="pool">
      {(fields, { add, remove }, { errors }) => (
        <fieldset className="admin-pack-pool">
          <legend>卡池（每款卡牌及其數量）</legend>
          {fields.map(({ key, name }) => (
            <Space key={key} align="start" wrap>
              <Form.Item
                name={[name, 'cardInfoId']}
                label={`卡池第 ${name + 1} 款卡牌`}
                rules={[{ required: true, message: '請選擇卡牌' }]}
              >
                <FormSelect {...selectProps} style={{ width: 280 }} />
              </Form.Item>
              <Form.Item
                name={[name, 'count']}
                label={`第 ${name + 1} 款數量`}
                rules={[{ required: true, message: '請填寫數量' }]}
              >
                <InputNumber controls={false} min={1} max={PACK_POOL_COUNT_MAX} />
              </Form.Item>
              <Button
                className="admin-pack-remove"
                onClick={() => remove(name)}
                aria-label={`移除卡池第 ${name + 1} 款卡牌`}
              >
                移除
              </Button>
            </Space>
          ))}
          <Button type="dashed" disabled={fields.length >= PACK_POOL_ENTRIES_MAX} onClick={() => add({ count: 10 })}>
            加入卡牌
          </Button>
          <Form.ErrorList errors={errors} />
        </fieldset>
      )}
    </Form.List>
  );
}

/** The fields of a pack series: name, cover, pool, cards per pack, sale, 保底 and 熱門, with the computed odds. */
export function PackFields({ pack }: { pack: AdminPack | null }) {
  const { selectProps, cardOf } = useCardPicker(pack);
  return (
    <>
      <Form.Item name="name" label="名稱" rules={[{ required: true, whitespace: true, message: '請填寫名稱' }]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="description" label="簡介">
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item name="cover" label="封面" rules={[{ required: true, message: '請上載封面' }]}>
        <ImageUpload purpose="product" label="卡包封面" />
      </Form.Item>
      <PoolFields selectProps={selectProps} />
      <Space wrap size="large">
        <Form.Item name="cardsPerPack" label="每包張數" rules={[{ required: true, message: '請填寫每包張數' }]}>
          <InputNumber controls={false} min={1} max={CARDS_PER_PACK_MAX} />
        </Form.Item>
        <Form.Item name="hot" label="熱門" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <SaleFields />
      <Space wrap size="large" align="start">
        <Form.Item name="guaranteeOn" label="保底" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item noStyle dependencies={['guaranteeOn']}>
          {({ getFieldValue }) =>
            getFieldValue('guaranteeOn') ? (
              <Space wrap size="large">
                <Form.Item
                  name="minRarity"
                  label="保底稀有度（或以上）"
                  rules={[{ required: true, message: '請選擇' }]}
                >
                  <FormSelect style={{ width: 120 }} options={RARITIES.map((r) => ({ value: r, label: r }))} />
                </Form.Item>
                <Form.Item name="every" label="每幾包保底一次" rules={[{ required: true, message: '請填寫包數' }]}>
                  <InputNumber controls={false} min={2} max={100} />
                </Form.Item>
              </Space>
            ) : null
          }
        </Form.Item>
      </Space>
      <ComputedOdds cardOf={cardOf} />
    </>
  );
}
