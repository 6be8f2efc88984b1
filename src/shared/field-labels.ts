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
  recipient: '收件人',
  region: '地區',
  district: '分區',
  detail: '詳細地址',
  isDefault: '設為預設地址',
  addressId: '收貨地址',
  goodsIds: '提貨物品',
  carrier: '物流公司',
  trackingNumber: '運單號碼',
  reason: '取消原因',
  authCode: '目前手機號碼的驗證碼',
  bio: '簡介',
  avatar: '頭像',
};

export function fieldLabel(path: string): string {
  const last = path.split(/[./]/).filter(Boolean).pop() ?? path;
  return FIELD_LABELS[last] ?? last;
}
