import type { ZodType } from 'zod';
import { AdminCardInfoCreateSchema, AdminCardInfoUpdateSchema, AdminProductCreateSchema, AdminProductUpdateSchema, AdminThemeCreateSchema, AdminThemeUpdateSchema } from '../../../shared/schemas/admin-catalogue';
import { CancelShipmentBodySchema, ShipBodySchema } from '../../../shared/schemas/delivery';
import { AdminPayWithdrawalBodySchema, AdminRejectWithdrawalBodySchema } from '../../../shared/schemas/wallet';

type SchemaName =
  | 'themeCreate' | 'themeUpdate' | 'cardInfoCreate' | 'cardInfoUpdate' | 'productCreate' | 'productUpdate'
  | 'codeBatchCreate' | 'bannerCreate' | 'bannerUpdate' | 'articleCreate' | 'articleUpdate' | 'privacyCreate' | 'privacyUpdate'
  | 'ship' | 'cancelShipment' | 'payWithdrawal' | 'rejectWithdrawal'
  | 'disableUser' | 'revokeIdentity' | 'takeDown';

/**
 * The request schemas the server validates with (src/shared/schemas), used by the forms before
 * sending so the operator sees the same zh-HK message on the field. A missing one leaves the
 * check to the server (its message is shown).
 */
export const SCHEMAS: Partial<Record<SchemaName, ZodType>> = {
  themeCreate: AdminThemeCreateSchema,
  themeUpdate: AdminThemeUpdateSchema,
  cardInfoCreate: AdminCardInfoCreateSchema,
  cardInfoUpdate: AdminCardInfoUpdateSchema,
  productCreate: AdminProductCreateSchema,
  productUpdate: AdminProductUpdateSchema,
  ship: ShipBodySchema,
  cancelShipment: CancelShipmentBodySchema,
  payWithdrawal: AdminPayWithdrawalBodySchema,
  rejectWithdrawal: AdminRejectWithdrawalBodySchema,
};
