import type { ZodType } from 'zod';
import {
  AdminCardInfoCreateSchema,
  AdminCardInfoUpdateSchema,
  AdminProductCreateSchema,
  AdminProductUpdateSchema,
  AdminThemeCreateSchema,
  AdminThemeUpdateSchema,
} from '../../../shared/schemas/admin-catalogue';
import { AdminCodeBatchCreateSchema } from '../../../shared/schemas/admin-codes';
import {
  AdminArticleCreateSchema,
  AdminArticleUpdateSchema,
  AdminBannerCreateSchema,
  AdminBannerUpdateSchema,
  AdminPrivacyCreateSchema,
  AdminPrivacyUpdateSchema,
} from '../../../shared/schemas/admin-content';
import { AdminPackCreateSchema, AdminPackUpdateSchema } from '../../../shared/schemas/packs';
import { AdminTakeDownBodySchema } from '../../../shared/schemas/admin-market';
import { AdminHideFeedbackBodySchema } from '../../../shared/schemas/standing';
import { AdminDisableUserBodySchema, AdminRevokeIdentityBodySchema } from '../../../shared/schemas/admin-users';
import { CancelShipmentBodySchema, ShipBodySchema } from '../../../shared/schemas/delivery';
import { AdminPayWithdrawalBodySchema, AdminRejectWithdrawalBodySchema } from '../../../shared/schemas/wallet';

type SchemaName =
  | 'themeCreate'
  | 'themeUpdate'
  | 'cardInfoCreate'
  | 'cardInfoUpdate'
  | 'productCreate'
  | 'productUpdate'
  | 'codeBatchCreate'
  | 'packCreate'
  | 'packUpdate'
  | 'bannerCreate'
  | 'bannerUpdate'
  | 'articleCreate'
  | 'articleUpdate'
  | 'privacyCreate'
  | 'privacyUpdate'
  | 'ship'
  | 'cancelShipment'
  | 'payWithdrawal'
  | 'rejectWithdrawal'
  | 'disableUser'
  | 'revokeIdentity'
  | 'takeDown'
  | 'hideFeedback';

/**
 * The request schemas the server validates with (src/shared/schemas), used by the forms before
 * sending so the operator sees the same zh-HK message on the field.
 */
export const SCHEMAS: Record<SchemaName, ZodType> = {
  themeCreate: AdminThemeCreateSchema,
  themeUpdate: AdminThemeUpdateSchema,
  cardInfoCreate: AdminCardInfoCreateSchema,
  cardInfoUpdate: AdminCardInfoUpdateSchema,
  productCreate: AdminProductCreateSchema,
  productUpdate: AdminProductUpdateSchema,
  codeBatchCreate: AdminCodeBatchCreateSchema,
  packCreate: AdminPackCreateSchema,
  packUpdate: AdminPackUpdateSchema,
  bannerCreate: AdminBannerCreateSchema,
  bannerUpdate: AdminBannerUpdateSchema,
  articleCreate: AdminArticleCreateSchema,
  articleUpdate: AdminArticleUpdateSchema,
  privacyCreate: AdminPrivacyCreateSchema,
  privacyUpdate: AdminPrivacyUpdateSchema,
  disableUser: AdminDisableUserBodySchema,
  revokeIdentity: AdminRevokeIdentityBodySchema,
  takeDown: AdminTakeDownBodySchema,
  hideFeedback: AdminHideFeedbackBodySchema,
  ship: ShipBodySchema,
  cancelShipment: CancelShipmentBodySchema,
  payWithdrawal: AdminPayWithdrawalBodySchema,
  rejectWithdrawal: AdminRejectWithdrawalBodySchema,
};
