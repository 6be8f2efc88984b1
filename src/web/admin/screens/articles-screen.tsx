import { useTable } from '@refinedev/antd';
import { EditDeleteActions } from '../components/edit-delete-actions';
import { Checkbox, Form, Input, Select, Space, Table, Tabs, message } from 'antd';
import { ARTICLE_CATEGORIES } from '../../../shared/schemas/content';
import { AddList } from '../components/crud-list';
import { FormModal, useModalRecord } from '../components/form-modal';
import { FormSelect } from '../components/form-select';
import { ImageUpload } from '../components/image-upload';
import { CLEARABLE, FilterBar, paging, toFilters } from '../components/list-tools';
import { useRemove } from '../components/use-remove';
import { call } from '../lib/api';
import { formatTime, hkLabel } from '../lib/format';
import { SCHEMAS } from '../lib/schemas';
import type { Article } from '../lib/types';

interface ArticleValues {
  title: string;
  cover: string | null;
  category: string;
  summary: string;
  body: string;
  published: boolean;
}

const STATUS_LABELS: Record<Article['status'], string> = { draft: '草稿', scheduled: '已排程', published: '已發佈' };

const CATEGORY_OPTIONS = ARTICLE_CATEGORIES.map((c) => ({ value: c, label: c }));

/** The body as the app shows it: plain text with its line breaks. */
function BodyEditor(props: { value?: string; onChange?: (v: string) => void; id?: string }) {
  return (
    <Tabs
      items={[
        {
          key: 'edit',
          label: '編輯',
          children: (
            <Input.TextArea
              id={props.id}
              rows={10}
              value={props.value}
              onChange={(e) => props.onChange?.(e.target.value)}
              aria-label="內文"
            />
          ),
        },
        {
          key: 'preview',
          label: '預覽',
          children: (
            <div className="admin-preview" aria-label="內文預覽">
              {props.value || '（未有內文）'}
            </div>
          ),
        },
      ]}
    />
  );
}

export function ArticlesScreen() {
  const { tableProps, searchFormProps } = useTable<Article>({
    resource: 'articles',
    syncWithLocation: false,
    onSearch: toFilters,
  });
  const { record: editing, setRecord: setEditing, modal } = useModalRecord<Article>('articles', '文章');
  const remove = useRemove('articles', '文章');
  // The list leaves the body out: an edit opens on the full article.
  const edit = async (id: string) => {
    try {
      setEditing((await call<Article>('GET', 'articles/detail', { query: { id } })).data);
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  return (
    <AddList title="文章" add="新增文章" onAdd={() => setEditing(null)}>
      <FilterBar formProps={searchFormProps}>
        <Form.Item name="q" label="關鍵字">
          <Input allowClear={CLEARABLE} />
        </Form.Item>
        <Form.Item name="category" label="分類">
          <Select allowClear style={{ width: 120 }} options={CATEGORY_OPTIONS} />
        </Form.Item>
      </FilterBar>
      <Table {...tableProps} pagination={paging(tableProps.pagination)} rowKey="id" scroll={{ x: 'max-content' }}>
        <Table.Column<Article> title="標題" dataIndex="title" />
        <Table.Column<Article> title="分類" dataIndex="category" />
        <Table.Column<Article> title="狀態" dataIndex="status" render={(s: Article['status']) => STATUS_LABELS[s]} />
        <Table.Column<Article>
          title={hkLabel('發佈時間')}
          dataIndex="publishedAt"
          render={(v: string | null) => (v ? formatTime(v) : '—')}
        />
        <Table.Column<Article>
          title="操作"
          render={(_, r) => (
            <EditDeleteActions
              noun="文章"
              name={r.title}
              onEdit={() => void edit(r.id)}
              onDelete={() => remove(r.id)}
            />
          )}
        />
      </Table>
      <FormModal<ArticleValues>
        {...modal}
        width={800}
        createSchema={SCHEMAS.articleCreate}
        updateSchema={SCHEMAS.articleUpdate}
        toValues={(r) => {
          const a = r as Article | null;
          return {
            title: a?.title ?? '',
            cover: a?.cover ?? null,
            category: a?.category ?? ARTICLE_CATEGORIES[0],
            summary: a?.summary ?? '',
            body: a?.body ?? '',
            published: a ? a.publishedAt !== null : false,
          };
        }}
        toBody={(v) => ({
          title: v.title,
          cover: v.cover ?? null,
          category: v.category,
          summary: v.summary ?? '',
          body: v.body ?? '',
          // Keeps the first publication time when an already published article is edited.
          publishedAt: v.published ? (editing?.publishedAt ?? new Date().toISOString()) : null,
        })}
      >
        <Form.Item name="title" label="標題" rules={[{ required: true, whitespace: true, message: '請填寫標題' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="category" label="分類" rules={[{ required: true, message: '請選擇分類' }]}>
            <FormSelect style={{ width: 140 }} options={CATEGORY_OPTIONS} />
          </Form.Item>
          <Form.Item name="published" label="狀態" valuePropName="checked">
            <Checkbox>立即發佈（不勾選 = 草稿）</Checkbox>
          </Form.Item>
        </Space>
        <Form.Item name="cover" label="封面">
          <ImageUpload purpose="article" label="文章封面" />
        </Form.Item>
        <Form.Item name="summary" label="摘要">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item name="body" label="內文" rules={[{ required: true, whitespace: true, message: '請填寫內文' }]}>
          <BodyEditor />
        </Form.Item>
      </FormModal>
    </AddList>
  );
}
