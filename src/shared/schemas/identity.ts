import { z } from 'zod';
import { ID_NUMBER_MESSAGES, ID_TYPES, normalizeIdNumber } from '../identity';

export const IdTypeSchema = z.enum(ID_TYPES, { error: '證件類型只可為香港身份證、中國居民身份證或護照' });

/**
 * `userIdInfo/verify`: the number is checked for its type (HKID / PRC check digits, passport
 * format) and normalised (`A123456(3)` → `A1234563`), on the form and on the server.
 */
export const VerifyIdentityBodySchema = z
  .strictObject({
    name: z
      .string({ error: '請輸入證件上的姓名' })
      .trim()
      .min(2, '姓名需為 2 至 50 個字')
      .max(50, '姓名需為 2 至 50 個字')
      .regex(/^[\p{L}\p{M} .·'-]+$/u, '姓名只可包含文字、空格、間隔號或連字號'),
    idType: IdTypeSchema,
    idNumber: z.string({ error: '請輸入證件號碼' }).trim().min(1, '請輸入證件號碼').max(32, '證件號碼過長'),
  })
  .transform((v, ctx) => {
    const normalized = normalizeIdNumber(v.idType, v.idNumber);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', path: ['idNumber'], message: ID_NUMBER_MESSAGES[v.idType] });
      return z.NEVER;
    }
    return { ...v, idNumber: normalized };
  });
export type VerifyIdentityBody = z.input<typeof VerifyIdentityBodySchema>;

/** The only view of an identity anyone gets: masked name and number, never the full number. */
export const IdentitySchema = z.object({
  idType: IdTypeSchema,
  /** `陳*明` */
  nameMasked: z.string(),
  /** `A12****(3)` */
  idNumberMasked: z.string(),
  status: z.enum(['verified', 'revoked']),
  verifiedAt: z.iso.datetime(),
});
export type Identity = z.infer<typeof IdentitySchema>;

export const PAYOUT_METHODS = ['fps', 'bank', 'payme'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  fps: '轉數快 FPS',
  bank: '銀行戶口',
  payme: 'PayMe',
};

const ACCOUNT_NO_RULES: Record<PayoutMethod, { re: RegExp; message: string }> = {
  // FPS: a 7–9 digit FPS ID, a phone number or an e-mail address.
  fps: {
    re: /^(\d{7,9}|\+?\d{8,15}|[^\s@]+@[^\s@]+\.[^\s@]+)$/,
    message: '轉數快帳戶請填寫 FPS 識別碼、手機號碼或電郵地址',
  },
  // Bank: 3-digit bank code + branch + account, 9–16 digits in total (hyphens and spaces allowed).
  bank: { re: /^\d{9,16}$/, message: '銀行戶口號碼需為 9 至 16 位數字（包括銀行編號）' },
  payme: { re: /^\+?\d{8,15}$/, message: 'PayMe 請填寫登記的手機號碼' },
};

/** `payment/update`, after `sms/authSend {purpose: 'payment'}`. */
export const PaymentUpdateBodySchema = z
  .strictObject({
    method: z.enum(PAYOUT_METHODS, { error: '收款方式只可為轉數快、銀行戶口或 PayMe' }),
    accountName: z
      .string({ error: '請輸入帳戶名稱' })
      .trim()
      .min(2, '帳戶名稱需為 2 至 60 個字')
      .max(60, '帳戶名稱需為 2 至 60 個字'),
    accountNo: z.string({ error: '請輸入帳戶號碼' }).trim().min(1, '請輸入帳戶號碼').max(80, '帳戶號碼過長'),
    code: z.string({ error: '請輸入驗證碼' }).regex(/^\d{6}$/, '驗證碼為 6 位數字'),
  })
  .transform((v, ctx) => {
    const accountNo = v.method === 'fps' && v.accountNo.includes('@') ? v.accountNo : v.accountNo.replace(/[\s-]/g, '');
    if (!ACCOUNT_NO_RULES[v.method].re.test(accountNo)) {
      ctx.addIssue({ code: 'custom', path: ['accountNo'], message: ACCOUNT_NO_RULES[v.method].message });
      return z.NEVER;
    }
    return { ...v, accountNo };
  });
export type PaymentUpdateBody = z.input<typeof PaymentUpdateBodySchema>;

/** The payout account as its owner sees it: the number masked. */
export const PayoutAccountSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  accountName: z.string(),
  /** `****6789` */
  accountNoMasked: z.string(),
  updatedAt: z.iso.datetime(),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;
