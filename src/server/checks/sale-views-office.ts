import { and, eq } from 'drizzle-orm';
import type { AdminListing } from '../../shared/schemas/admin-market';
import type { Dashboard } from '../../shared/schemas/admin-dashboard';
import type { JournalPosting, Reconcile, TrialBalance } from '../../shared/schemas/admin-ledger';
import { ledgerPostings } from '../db/schema';
import { ask, differ, listingSale, type Before, type Kit, type Reader } from './sale-views-kit';

/**
 * The consistency matrix's back-office readers and the books (issue 44): the listings, the dashboard and the journal
 * as an operator asks them, the trial balance and reconciliation, and the sale record itself (read from its table).
 */

/** Today's row of the dashboard (the test clock's Hong Kong day). */
export async function todayFigures(k: Kit, out: string[] = []): Promise<Before['today']> {
  const d = await ask(k.get<Dashboard>(k.operator, 'admin/dashboard', { days: 1 }), 'admin/dashboard', out);
  const row = d?.daily.at(-1);
  return { sales: row?.sales ?? 0, gmv: row?.gmv ?? 0, fees: row?.fees ?? 0 };
}

const sum = (entries: JournalPosting['entries'], account: string) =>
  entries.filter((e) => e.accountId === account).reduce((s, e) => s + e.amount, 0);

export const OFFICE_READERS: Reader[] = [
  {
    id: 'admin listings',
    asks: 'admin/listings?q=<listing> (市場掛單: 已成交, and its sale)',
    async check(k, t, seen) {
      const out: string[] = [];
      const l = t.listing!;
      const rows = await ask(k.get<AdminListing[]>(k.operator, 'admin/listings', { q: l.id }), 'admin/listings', out);
      const row = rows?.find((r) => r.id === l.id);
      if (rows && !row) out.push(`admin/listings: listing ${l.id} not found`);
      if (row)
        out.push(
          ...differ('admin/listings row', row, { status: 'sold' }),
          ...listingSale('admin/listings row', row, t, seen),
        );
      return out;
    },
  },
  {
    id: 'dashboard',
    asks: "admin/dashboard?days=1: today's sales, GMV and fees, before and after the trade",
    async check(k, t, seen) {
      const out: string[] = [];
      const now = await todayFigures(k, out);
      const was = seen.before.today;
      const moved = { sales: now.sales - was.sales, gmv: now.gmv - was.gmv, fees: now.fees - was.fees };
      out.push(
        ...differ("admin/dashboard today's change", moved, { sales: 1, gmv: t.price - t.discount, fees: t.fee }),
      );
      return out;
    },
  },
  {
    id: 'journal',
    asks: "admin/ledger/journal?ref=<the sale's posting>: its entries",
    async check(k, t, seen) {
      const sale = seen.sale;
      if (!sale?.postingRef) return [`no posting named by the sale record (${sale ? 'posting_ref null' : 'no sale'})`];
      const out: string[] = [];
      const postings = await ask(
        k.get<JournalPosting[]>(k.operator, 'admin/ledger/journal', { ref: sale.postingRef, pageSize: 50 }),
        'admin/ledger/journal',
        out,
      );
      if (!postings) return out;
      const own = postings.filter((p) => p.kind === t.postingKind);
      if (own.length !== 1)
        out.push(`admin/ledger/journal: ${own.length} ${t.postingKind} postings of ${sale.postingRef}`);
      if (t.seller) {
        // The seller is paid the price less the fee; the platform keeps the fee.
        const entries = own.flatMap((p) => p.entries);
        const got = { seller: sum(entries, `user:${t.seller.userId}:balance`), fees: sum(entries, 'platform:fees') };
        out.push(...differ('admin/ledger/journal', got, { seller: t.price - t.fee, fees: t.fee }));
      } else {
        // The mall's sale at its list price: what was paid, and the perk's discount as a promotion (decision 029).
        const entries = postings
          .filter((p) => p.kind === 'mall_sale' || p.kind === 'perk_discount')
          .flatMap((p) => p.entries);
        const got = { sales: sum(entries, 'platform:sales'), promotions: sum(entries, 'platform:promotions') };
        out.push(...differ('admin/ledger/journal', got, { sales: t.price, promotions: -t.discount }));
      }
      return out;
    },
  },
  {
    id: 'books',
    asks: 'admin/ledger/trialBalance, admin/ledger/reconcile, and the sales / sale_items rows and their posting',
    async check(k, t, seen) {
      const out: string[] = [];
      const tb = await ask(k.get<TrialBalance>(k.operator, 'admin/ledger/trialBalance'), 'trialBalance', out);
      if (tb && tb.total !== 0) out.push(`admin/ledger/trialBalance: total ${tb.total}, expected 0`);
      const rc = await ask(k.get<Reconcile>(k.operator, 'admin/ledger/reconcile'), 'reconcile', out);
      if (rc?.exceptions.length)
        out.push(`admin/ledger/reconcile: ${rc.exceptions.map((e) => `${e.type} ${e.ref}`).join(', ')}`);
      if (seen.newSales.length !== 1) out.push(`${seen.newSales.length} sale records of the buyer, expected 1`);
      const s = seen.sale;
      if (!s) return [...out, 'no sale record of the trade'];
      out.push(
        ...differ('sale', s, {
          way: t.way,
          kind: t.item.kind,
          buyerId: t.buyer.userId,
          sellerId: t.seller?.userId ?? null,
          cardInfoId: t.item.cardInfoId,
          productId: t.item.productId,
          itemName: t.item.name,
          quantity: t.units.length,
          price: t.price,
          fee: t.fee,
          discount: t.discount,
          refunded: 0,
          listingId: t.listing?.id ?? null,
          postingKind: t.postingKind,
          ...(t.order === undefined ? {} : { orderNo: t.order?.no ?? null }),
        }),
      );
      const units = [...seen.units].sort((a, b) => a.itemId.localeCompare(b.itemId));
      const want = [...t.units].sort((a, b) => a.itemId.localeCompare(b.itemId));
      const got = units.map((u) => ({ itemId: u.itemId, serial: u.serial, cost: u.cost, costRule: u.costRule }));
      const expected = want.map((u) => ({ itemId: u.itemId, serial: u.serial, cost: u.cost, costRule: t.costRule }));
      if (JSON.stringify(got) !== JSON.stringify(expected))
        out.push(`sale_items ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
      if (s.postingKind && s.postingRef) {
        const [p] = await k.t.db
          .select()
          .from(ledgerPostings)
          .where(and(eq(ledgerPostings.kind, s.postingKind), eq(ledgerPostings.refId, s.postingRef)));
        if (!p) out.push(`the sale's posting ${s.postingKind} ${s.postingRef} is not in the ledger`);
      } else if (t.postingKind) out.push('the sale names no posting');
      return out;
    },
  },
];
