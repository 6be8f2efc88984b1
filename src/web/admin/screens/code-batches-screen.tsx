import { useInvalidate } from '@refinedev/core';
import { Button, Form, Input, InputNumber, Radio, Table, message } from 'antd';
import { confirmAction } from '../components/action-modal';
import { actionsColumn, AddList } from '../components/crud-list';
import { FormModal, useModalRecord } from '../components/form-modal';
import { FormSelect, useNameSelect } from '../components/form-select';
import { ChoiceFilter, FilterBar, labelOptions, paging, useSearchTable } from '../components/list-tools';
import { useAction } from '../components/use-remove';
import { download } from '../lib/api';
import { formatTime, hkLabel } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { CodeBatch } from '../lib/types';

const STATUS: Record<string, string> = { active: '有效', voided: '已作廢' };
/** A batch's code counts, one column each. */
const COUNTS = [
  ['count', '數量'],
  ['used', '已使用'],
  ['unused', '未使用'],
  ['voided', '已作廢'],
] as const satisfies readonly (readonly [keyof CodeBatch, string])[];

interface BatchValues {
  kind: 'cardInfo' | 'theme';
  cardInfoId?: string;
  themeId?: string;
  count: number;
  note: string;
}

/** Code batches from the running server: generate, download the clear codes once (CSV), void. */
export function CodeBatchesScreen() {
  const { tableProps, searchFormProps } = useSearchTable<CodeBatch>('codeBatches');
  const { setRecord: setCreating, modal } = useModalRecord<never>('codeBatches', '兌換碼批次');
  const cardSelect = useNameSelect('cardInfos');
  const themeSelect = useNameSelect('themes');
  const act = useAction('codeBatches');
  const invalidate = useInvalidate();

  const downloadCsv = async (batch: CodeBatch) => {
    try {
      const name = await download('codeBatches/csv', { id: batch.id }, `codes-${batch.id}.csv`);
      message.success(`已下載 ${name}；明文兌換碼已從伺服器清除`);
    } catch (error) {
      message.error((error as Error).message);
    }
    await invalidate({ resource: 'codeBatches', invalidates: ['list'] });
  };

  return (
    <AddList title="兌換碼批次" add="產生兌換碼" onAdd={() => setCreating(null)}>
      <FilterBar formProps={searchFormProps}>
        <ChoiceFilter name="status" label="狀態" width={140} options={labelOptions(STATUS)} />
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<CodeBatch> title={hkLabel('建立時間')} dataIndex="createdAt" render={formatTime} />
        <Table.Column<CodeBatch>
          title="對象"
          render={(_, b) => `${b.target.kind === 'theme' ? '主題' : '卡牌'}：${b.target.name}`}
        />
        {COUNTS.map(([dataIndex, title]) => (
          <Table.Column<CodeBatch> key={dataIndex} title={title} dataIndex={dataIndex} />
        ))}
        <Table.Column<CodeBatch> title="狀態" dataIndex="status" render={(s: string) => STATUS[s] ?? s} />
        <Table.Column<CodeBatch> title="備註" dataIndex="note" />
        {actionsColumn<CodeBatch>((b) => (
          <>
            <Button
              size="small"
              disabled={!b.csvAvailable}
              onClick={() => void downloadCsv(b)}
              aria-label={b.csvAvailable ? `下載兌換碼 CSV（${b.target.name}，${b.count} 個）` : '兌換碼 CSV 已下載過'}
            >
              {b.csvAvailable ? '下載 CSV' : '已下載'}
            </Button>
            <Button
              size="small"
              danger
              disabled={b.status === 'voided'}
              onClick={() =>
                confirmAction({
                  title: '作廢此批兌換碼？',
                  content: `未使用的 ${b.unused} 個兌換碼將不能再兌換。`,
                  okText: '作廢',
                  danger: true,
                  run: () => act('void', { id: b.id }, '已作廢此批兌換碼'),
                })
              }
              aria-label={`作廢兌換碼批次（${b.target.name}）`}
            >
              作廢
            </Button>
          </>
        ))}
      </Table>
      <FormModal<BatchValues>
        {...modal}
        createSchema={SCHEMAS.codeBatchCreate}
        toValues={() => ({ kind: 'cardInfo', count: 100, note: '' })}
        toBody={(v) => ({
          ...(v.kind === 'theme' ? { themeId: v.themeId } : { cardInfoId: v.cardInfoId }),
          count: v.count,
          note: v.note ?? '',
        })}
      >
        <Form.Item name="kind" label="兌換對象">
          <Radio.Group options={labelOptions({ cardInfo: '指定卡牌', theme: '主題（隨機卡牌）' })} />
        </Form.Item>
        <Form.Item noStyle dependencies={['kind']}>
          {({ getFieldValue }) =>
            getFieldValue('kind') === 'theme' ? (
              <Form.Item name="themeId" label="主題" rules={[{ required: true, message: '請選擇主題' }]}>
                <FormSelect {...themeSelect} />
              </Form.Item>
            ) : (
              <Form.Item name="cardInfoId" label="卡牌" rules={[{ required: true, message: '請選擇卡牌' }]}>
                <FormSelect {...cardSelect} />
              </Form.Item>
            )
          }
        </Form.Item>
        <Form.Item name="count" label="數量（1 至 10000）" rules={[{ required: true, message: '請填寫數量' }]}>
          <InputNumber controls={false} min={1} max={10000} />
        </Form.Item>
        <Form.Item name="note" label="備註">
          <Input maxLength={200} />
        </Form.Item>
      </FormModal>
    </AddList>
  );
}
