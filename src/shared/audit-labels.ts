import { FIELD_LABELS } from './field-labels';

/**
 * The back office's audit log in words (issue 21 §5): every action the server records, the kinds of target, and the
 * fields a record's before / after carry. `AuditAction` types what `audit.record` accepts, so an action without a
 * Chinese name does not compile (src/server/modules/audit/audit-labels.test.ts proves it).
 */
export const AUDIT_ACTION_LABELS = {
  'theme.create': '新增主題',
  'theme.update': '編輯主題',
  'theme.delete': '刪除主題',
  'card_info.create': '新增卡牌',
  'card_info.update': '編輯卡牌',
  'card_info.delete': '刪除卡牌',
  'product.create': '新增商品',
  'product.update': '編輯商品',
  'product.delete': '刪除商品',
  'code_batch.create': '產生兌換碼',
  'code_batch.download': '下載兌換碼',
  'code_batch.void': '作廢兌換碼',
  'banner.create': '新增橫額',
  'banner.update': '編輯橫額',
  'banner.delete': '刪除橫額',
  'article.create': '新增文章',
  'article.update': '編輯文章',
  'article.delete': '刪除文章',
  'privacy.create': '新增私隱政策',
  'privacy.update': '編輯私隱政策',
  'privacy.publish': '發佈私隱政策',
  'upload.create': '上載圖片',
  'shipment.pack': '打包',
  'shipment.ship': '發貨',
  'shipment.deliver': '標記送達',
  'shipment.cancel': '取消提貨',
  'withdrawal.pay': '提現付款',
  'withdrawal.reject': '拒絕提現',
  'refund.pay': '退款付款',
  'refund.fail': '退款失敗',
  'identity.revoke': '撤銷實名認證',
  'listing.take_down': '下架掛單',
  'feedback.hide': '隱藏評語',
  'feedback.unhide': '重新顯示評語',
  'user.disable': '停用帳戶',
  'user.enable': '恢復帳戶',
  'user.grant_admin': '授予後台權限',
  'user.revoke_admin': '撤銷後台權限',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The kinds of target an audit record names. */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  theme: '主題',
  card_info: '卡牌',
  product: '商品',
  code_batch: '兌換碼批次',
  banner: '橫額',
  article: '文章',
  privacy_policy: '私隱政策',
  upload: '圖片',
  shipment: '提貨單',
  withdrawal: '提現申請',
  refund: '退款',
  identity: '實名認證',
  listing: '掛單',
  feedback: '評價',
  user: '用戶',
};

/** Fields of before / after that the request fields' labels (FIELD_LABELS) do not name, or name otherwise. */
const AUDIT_ONLY_FIELDS: Record<string, string> = {
  name: '名稱',
  title: '標題',
  image: '圖片',
  images: '圖片',
  cover: '封面',
  description: '描述',
  summary: '摘要',
  body: '內文',
  link: '連結',
  url: '網址',
  path: '路徑',
  sort: '排序',
  active: '啟用',
  editionSize: '發行量',
  priceCents: '價格',
  stock: '庫存',
  perUserLimit: '每人限購',
  saleStartsAt: '開售時間',
  saleEndsAt: '停售時間',
  startsAt: '開始時間',
  endsAt: '結束時間',
  isBCard: 'B 卡',
  bCardInfoId: 'B 卡',
  rights: '權益',
  variants: '款式',
  version: '版本',
  publishedAt: '發佈時間',
  target: '對象',
  count: '數量',
  note: '備註',
  unused: '未使用',
  voidedCodes: '作廢數量',
  purpose: '用途',
  bytes: '檔案大小（位元組）',
  roles: '角色',
  disabledReason: '停用原因',
  userId: '用戶',
  shipmentNo: '提貨單號',
  accountNoMasked: '收款帳戶',
  reason: '原因',
  failure: '失敗原因',
  providerRefundRef: '退款參考編號',
  nameMasked: '姓名',
  numberMasked: '證件號碼',
  revokedReason: '撤銷原因',
  sellType: '掛單類型',
  itemName: '物品',
  takedownReason: '下架原因',
  hiddenAt: '隱藏時間',
  hiddenReason: '隱藏原因',
};

/** A before / after field in words: `priceCents` → 價格; an unknown field keeps its name. */
export const auditFieldLabel = (key: string): string => AUDIT_ONLY_FIELDS[key] ?? FIELD_LABELS[key] ?? key;

/** An action in words; an action this build does not know (an older record) keeps its dotted name. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
