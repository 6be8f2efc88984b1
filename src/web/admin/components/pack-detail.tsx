import { Descriptions, Drawer, Table, Typography } from 'antd';
import { formatHkd, formatTime, hkLabel, percent } from '../lib/format';
import type { AdminPack } from '../lib/types';

/**
 * 詳情 of a pack series: the odds the server computes from what remains of the pool (per rarity and per card), the
 * commitment SHA-256(serverSeed) and, once revealed, the seed; sales so far.
 */
export function PackDetail({ pack, onClose }: { pack: AdminPack | null; onClose: () => void }) {
  return (
    <Drawer open={pack !== null} onClose={onClose} width={640} title={pack ? `卡包系列：${pack.name}` : ''}>
      {pack && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="售價">{formatHkd(pack.priceCents)}／包</Descriptions.Item>
            <Descriptions.Item label="每包張數">{pack.cardsPerPack}</Descriptions.Item>
            <Descriptions.Item label="包數">
              共 {pack.packsTotal}・已售 {pack.packsSold}・預留 {pack.packsReserved}・已抽 {pack.packsDrawn}・尚餘{' '}
              {pack.packsLeft}
            </Descriptions.Item>
            <Descriptions.Item label="卡池">
              尚餘 {pack.unitsRemaining}／{pack.unitsTotal} 張
            </Descriptions.Item>
            <Descriptions.Item label="保底">
              {pack.guarantee ? `每 ${pack.guarantee.every} 包最少 1 張 ${pack.guarantee.minRarity} 或以上` : '沒有'}
            </Descriptions.Item>
            <Descriptions.Item label={hkLabel('結束時間')}>{formatTime(pack.closedAt)}</Descriptions.Item>
            <Descriptions.Item label="承諾 SHA-256(伺服器種子)">
              <Typography.Text code copyable={{ tooltips: ['複製', '已複製'] }} className="admin-hex">
                {pack.commitment}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="伺服器種子">
              {pack.serverSeed ? (
                <Typography.Text code className="admin-hex">
                  {pack.serverSeed}
                </Typography.Text>
              ) : (
                '未公開（售罄或結束發售，且沒有待付款訂單後公開）'
              )}
            </Descriptions.Item>
          </Descriptions>
          <h3 className="admin-pack-heading">即時機率（各稀有度）</h3>
          <Table size="small" pagination={false} dataSource={pack.rarityOdds} rowKey="rarity">
            <Table.Column title="稀有度" dataIndex="rarity" />
            <Table.Column
              title="尚餘／總數"
              render={(_, r: AdminPack['rarityOdds'][number]) => `${r.remaining}／${r.count}`}
            />
            <Table.Column title="機率" dataIndex="probability" render={(p: number) => percent(p)} />
          </Table>
          <h3 className="admin-pack-heading">即時機率（每款卡牌）</h3>
          <Table size="small" pagination={false} dataSource={pack.pool} rowKey="cardInfoId">
            <Table.Column title="卡牌" dataIndex="name" />
            <Table.Column title="稀有度" dataIndex="rarity" />
            <Table.Column
              title="尚餘／總數"
              render={(_, c: AdminPack['pool'][number]) => `${c.remaining}／${c.count}`}
            />
            <Table.Column title="機率" dataIndex="probability" render={(p: number) => percent(p)} />
          </Table>
        </>
      )}
    </Drawer>
  );
}
