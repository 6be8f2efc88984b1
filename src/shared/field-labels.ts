/** zh-HK names of request fields, used to name the field in validation messages. */
export const FIELD_LABELS: Record<string, string> = {
  phone: '手機號碼',
  code: '驗證碼',
  smsCode: '驗證碼',
  purpose: '用途',
  nickname: '暱稱',
  agreePrivacy: '私隱政策同意',
  token: '登入連結',
  id: '編號',
  orderNo: '訂單編號',
  type: '類型',
  status: '狀態',
  quantity: '數量',
  cardInfoId: '卡牌',
  productId: '商品',
  themeId: '卡冊',
  listingId: '掛單',
  page: '頁碼',
  pageSize: '每頁數量',
  sell_type: '掛單類型',
  price: '價格',
  rarity: '稀有度',
  onSale: '只看發售中',
  saleState: '銷售狀態',
  category: '類別',
  sort: '排序方式',
  itemId: '項目',
  bio: '簡介',
  avatar: '頭像',
  'idempotency-key': 'Idempotency-Key 標頭',
};

export function fieldLabel(path: string): string {
  const last = path.split(/[./]/).filter(Boolean).pop() ?? path;
  return FIELD_LABELS[last] ?? last;
}
