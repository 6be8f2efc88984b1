import { dollarsToCents } from '../../shared/money';
import { PriceSchema } from '../../shared/schemas/market-requests';

/** A price typed in HK$ → cents, checked by the server's own schema (its zh-HK message); empty: neither. */
export function checkPrice(text: string): { cents: number | null; error: string | null } {
  if (!text.trim()) return { cents: null, error: null };
  const cents = dollarsToCents(text);
  if (cents === null) return { cents: null, error: '請輸入金額，例如 120 或 88.50' };
  const parsed = PriceSchema.safeParse(cents);
  return parsed.success
    ? { cents, error: null }
    : { cents: null, error: parsed.error.issues[0]?.message ?? '價格不正確' };
}
