import { z } from 'zod';
import { ADDRESSES_PER_USER } from '../constants';
import { PageQuerySchema } from '../envelope';
import { districtsOf, REGION_NAMES } from '../hk-regions';
import { PhoneSchema } from './auth';

export const RECIPIENT_MAX = 30;
export const ADDRESS_DETAIL_MAX = 120;

export const AddressIdSchema = z.string({ error: '請選擇地址' }).trim().min(1, '請選擇地址').max(64, '找不到此地址');

const text = (label: string, max: number) =>
  z
    .string({ error: `請填寫${label}` })
    .trim()
    .min(1, `請填寫${label}`)
    .max(max, `${label}最多 ${max} 個字`);

/** What the address form sends: recipient, their phone (checked like a sign-in phone), region, district, detail. */
export const AddressFieldsSchema = z.strictObject({
  recipient: text('收件人', RECIPIENT_MAX),
  phone: PhoneSchema,
  region: z.enum(REGION_NAMES, { error: '請選擇地區（香港島、九龍、新界、離島或澳門）' }),
  district: text('分區', 20),
  detail: text('詳細地址', ADDRESS_DETAIL_MAX),
  /** Make this the default address (the first address always is). */
  isDefault: z.boolean({ error: '「設為預設地址」格式不正確' }).optional(),
});

/** A district must belong to the region chosen. */
const districtInRegion = (v: { region: string; district: string }, ctx: z.RefinementCtx) => {
  if (!districtsOf(v.region).includes(v.district)) {
    ctx.addIssue({ code: 'custom', path: ['district'], message: `請選擇${v.region}的分區` });
  }
};

export const AddAddressBodySchema = AddressFieldsSchema.superRefine(districtInRegion);
export type AddAddressBody = z.input<typeof AddAddressBodySchema>;

export const UpdateAddressBodySchema = AddressFieldsSchema.extend({ id: AddressIdSchema }).superRefine(
  districtInRegion,
);
export type UpdateAddressBody = z.input<typeof UpdateAddressBodySchema>;

export const AddressIdBodySchema = z.strictObject({ id: AddressIdSchema });
export type AddressIdBody = z.input<typeof AddressIdBodySchema>;

export const AddressListQuerySchema = PageQuerySchema;

/** An address in the user's own book (the full phone: it is theirs). */
export const AddressSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  phone: z.string(),
  region: z.enum(REGION_NAMES),
  district: z.string(),
  detail: z.string(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Address = z.infer<typeof AddressSchema>;

/** The copy of an address a shipment keeps: later edits of the book change nothing already sent. */
export const AddressSnapshotSchema = AddressSchema.pick({
  recipient: true,
  phone: true,
  region: true,
  district: true,
  detail: true,
});
export type AddressSnapshot = z.infer<typeof AddressSnapshotSchema>;

/** One line for lists: 「九龍 觀塘區 …」. */
export const formatAddress = (a: Pick<Address, 'region' | 'district' | 'detail'>) =>
  `${a.region} ${a.district} ${a.detail}`;

export { ADDRESSES_PER_USER };
