import { z } from 'zod';
import { PageQuerySchema } from '../envelope';
import { PAY_ORDER_STATUSES, PAY_ORDER_TYPES } from './pay-orders';

/** Back office (PRODUCT.md §8): users and identities. Shared with the admin web app's forms. */

export const USER_STATUSES = ['active', 'disabled'] as const;
export const USER_STATUS_LABELS: Record<(typeof USER_STATUSES)[number], string> = {
  active: '正常',
  disabled: '已停用',
};
export const USER_ROLES = ['user', 'admin'] as const;
export const USER_ROLE_LABELS: Record<(typeof USER_ROLES)[number], string> = { user: '用戶', admin: '營運人員' };

const userId = z.string({ error: '請指定用戶' }).trim().min(1, '請指定用戶').max(64, '找不到此用戶');
const reason = (what: string) =>
  z
    .string({ error: `請填寫${what}` })
    .trim()
    .min(2, `${what}最少 2 個字`)
    .max(200, `${what}最多 200 個字`);

/** `GET /api/admin/users`: phone is a partial match on its digits (`9123` finds +85291234567). */
export const AdminUserListQuerySchema = PageQuerySchema.extend({
  phone: z
    .string()
    .trim()
    .max(20, '手機號碼最多 20 個字')
    .transform((v) => v.replace(/\D/g, ''))
    .optional(),
  nickname: z.string().trim().max(40, '暱稱最多 40 個字').optional(),
  role: z.enum(USER_ROLES, { error: '「角色」只可以是 user 或 admin' }).optional(),
  status: z.enum(USER_STATUSES, { error: '「狀態」只可以是 active 或 disabled' }).optional(),
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  phone: z.string(),
  nickname: z.string(),
  roles: z.array(z.string()),
  status: z.enum(USER_STATUSES),
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  verified: z.boolean(),
  /** Wallet balance in cents. */
  balance: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserDetailSchema = AdminUserSchema.extend({
  avatar: z.string().nullable(),
  bio: z.string(),
  /** Held in escrow for the user's buy listings, in cents. */
  escrow: z.number().int(),
  counts: z.object({
    payOrders: z.number().int(),
    paidOrders: z.number().int(),
    cards: z.number().int(),
    goods: z.number().int(),
    openListings: z.number().int(),
    shipments: z.number().int(),
    withdrawals: z.number().int(),
  }),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminUserIdQuerySchema = z.object({ id: userId });
export const AdminUserPageQuerySchema = PageQuerySchema.extend({ id: userId });
export type AdminUserPageQuery = z.input<typeof AdminUserPageQuerySchema>;

/** One of the user's pay orders. */
export const AdminUserOrderSchema = z.object({
  orderNo: z.string(),
  type: z.enum(PAY_ORDER_TYPES),
  status: z.enum(PAY_ORDER_STATUSES),
  itemName: z.string(),
  itemImage: z.string(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  /** What operators refunded of it so far (decision 050). */
  refundedCents: z.number().int(),
  provider: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AdminUserOrder = z.infer<typeof AdminUserOrderSchema>;

/** A card or goods unit the user owns (any status but consumed / delivered). */
export const AdminHoldingSchema = z.object({
  kind: z.enum(['card', 'goods']),
  id: z.string(),
  /** Card info (cards) or product (goods). */
  catalogueId: z.string(),
  name: z.string(),
  image: z.string(),
  rarity: z.string().nullable(),
  serial: z.number().int().nullable(),
  editionSize: z.number().int().nullable(),
  status: z.string(),
  acquiredVia: z.string(),
  acquiredAt: z.string(),
});
export type AdminHolding = z.infer<typeof AdminHoldingSchema>;

export const AdminDisableUserBodySchema = z.strictObject({ id: userId, reason: reason('停用原因') });
export const AdminUserIdBodySchema = z.strictObject({ id: userId });

// ---- identities ---------------------------------------------------------------------------------

export const IDENTITY_STATUSES = ['verified', 'revoked'] as const;
export const IDENTITY_STATUS_LABELS: Record<(typeof IDENTITY_STATUSES)[number], string> = {
  verified: '已認證',
  revoked: '已撤銷',
};

export const AdminIdentityListQuerySchema = PageQuerySchema.extend({
  status: z.enum(IDENTITY_STATUSES, { error: '「狀態」只可以是 verified 或 revoked' }).optional(),
  /** Part of the user's phone number (digits). */
  q: z
    .string()
    .trim()
    .max(20, '手機號碼最多 20 個字')
    .transform((v) => v.replace(/\D/g, ''))
    .optional(),
});
export type AdminIdentityListQuery = z.input<typeof AdminIdentityListQuerySchema>;

/** Masked only: the full name and number never leave the identity module. */
export const AdminIdentitySchema = z.object({
  id: z.string(),
  userId: z.string(),
  phone: z.string(),
  idType: z.enum(['hkid', 'prc_id', 'passport']),
  nameMasked: z.string(),
  numberMasked: z.string(),
  status: z.enum(IDENTITY_STATUSES),
  verifiedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export type AdminIdentity = z.infer<typeof AdminIdentitySchema>;

export const AdminRevokeIdentityBodySchema = z.strictObject({
  id: z.string({ error: '請指定實名認證記錄' }).trim().min(1, '請指定實名認證記錄').max(64, '找不到此實名認證記錄'),
  reason: reason('撤銷原因'),
});
