import { randomInt } from 'node:crypto';
import type { Rarity } from '../../../shared/constants';
import { checkExchangeCode } from '../../../shared/exchange-code';
import { formatSerial } from '../../../shared/serial';
import type { ExchangeResult, MintedCard } from '../../../shared/schemas/collection';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, conflict, invalid, unauthenticated } from '../../errors';
import type { Actor } from '../auth/auth.service';
import type { MintedCard as MintedRow } from '../cards/cards.service';
import { isCountedCodeFailure } from '../codes/codes.service';
import type { CollectionServices } from './collection.service';

/** How likely each rarity is when a theme code picks a card (relative weights). */
export const THEME_CODE_RARITY_WEIGHTS: Record<Rarity, number> = { N: 50, R: 30, SR: 14, SSR: 5, UR: 1 };

/** Picks an index with probability proportional to its weight, from the CSPRNG. */
export function pickWeighted(weights: number[], random: (max: number) => number = randomInt): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let roll = random(total);
  for (let i = 0; i < weights.length; i++) {
    roll -= weights[i]!;
    if (roll < 0) return i;
  }
  return weights.length - 1;
}

export const toMinted = (c: MintedRow): MintedCard => ({
  id: c.id,
  cardInfoId: c.cardInfoId,
  name: c.name,
  image: c.image,
  rarity: c.rarity as Rarity,
  serial: c.serial,
  editionSize: c.editionSize,
  serialLabel: formatSerial(c.serial, c.editionSize),
});

export interface ExchangeInput {
  code: string;
  phone?: string;
  smsCode?: string;
  ip: string;
  userAgent?: string;
  /** The request carried a bearer token (that did not resolve to a live session). */
  bearer?: boolean;
}

/** What a redemption answers: data for the envelope and its `msg` (empty when it signed the user in). */
export interface ExchangeOutcome {
  data: ExchangeResult;
  msg: string;
}

/** Redeeming exchange codes: a card info's code mints that card, a theme's code a random card of the theme. */
export function createCodeExchange(deps: Pick<Deps, 'db' | 'clock' | 'log'>, services: CollectionServices) {
  const { auth, cards, codes } = services;

  /** A random card of the theme weighted by rarity, among card infos with editions left; never past an edition. */
  async function mintFromTheme(tx: Tx, themeId: string, ownerId: string, refId: string): Promise<MintedRow[]> {
    const candidates = await services.catalogue.mintableCardInfos(tx, themeId);
    while (candidates.length > 0) {
      const i = pickWeighted(candidates.map((c) => THEME_CODE_RARITY_WEIGHTS[c.rarity]));
      try {
        return await cards.mint(tx, { cardInfoId: candidates[i]!.id, ownerId, quantity: 1, via: 'code', refId });
      } catch (err) {
        // Sold out since the read (a concurrent redemption or drop): try the others.
        if (!(err instanceof AppError && err.kind === 'conflict')) throw err;
        candidates.splice(i, 1);
      }
    }
    throw conflict('此系列的卡牌已全部發行，兌換碼未被使用，請聯絡客服');
  }

  /** A redeemed code's one sale (decision 049): nothing paid, each card's cost 0, labelled as a code. */
  async function recordCodeSale(tx: Tx, codeId: string, userId: string, got: MintedRow[]) {
    const first = got[0]!;
    await services.sales.record(tx, {
      way: 'code',
      kind: 'card',
      buyerId: userId,
      sellerId: null,
      item: {
        cardInfoId: first.cardInfoId,
        itemName: first.name,
        itemImage: first.image,
        rarity: first.rarity as 'N' | 'R' | 'SR' | 'SSR' | 'UR',
      },
      price: 0,
      source: { kind: 'code', id: codeId },
      units: got.map((c) => ({ itemId: c.id, serial: c.serial, editionSize: c.editionSize })),
      costRule: 'code',
    });
  }

  return {
    /**
     * Redeems an exchange code. Signed in: mints to the user and answers a 兌換成功 message.
     * Signed out: verifies the SMS code, creates the account if needed and answers session data
     * with an empty message, so the client stores it and goes to "/" (seed §4).
     */
    async exchange(actor: Actor | null, input: ExchangeInput): Promise<ExchangeOutcome> {
      const checked = checkExchangeCode(input.code);
      if (!checked.ok) throw invalid(checked.message);
      const code = checked.code;
      // A stale session must not turn into a signed-out exchange: 403 makes the client log out (seed §6).
      if (!actor && input.bearer) throw unauthenticated('登入已失效，請重新登入');
      if (!actor) {
        if (!input.phone) throw invalid('未登入時請輸入手機號碼');
        if (!input.smsCode) throw invalid('請輸入驗證碼');
      }
      const subjects = [`ip:${input.ip}`, ...(actor ? [`user:${actor.userId}`] : [])];
      await codes.assertNotLocked(subjects);
      const failed = async (err: unknown): Promise<never> => {
        if (isCountedCodeFailure(err)) await codes.recordFailure(subjects);
        throw err;
      };
      // A cheap read first, so a wrong code does not use up the SMS code.
      await codes.assertRedeemable(code).catch(failed);

      let userId: string;
      let session = null;
      if (actor) {
        userId = actor.userId;
      } else {
        await auth.verifySmsCode({ phone: input.phone!, purpose: 'exchange', code: input.smsCode! });
        const user = await auth.ensureUser(input.phone!);
        userId = user.id;
        subjects.push(`user:${userId}`);
        await codes.assertNotLocked(subjects);
        // Opening the session first refuses a disabled account before anything is minted.
        session = await auth.startSession(userId, input.userAgent);
      }

      const minted = await deps.db
        .transaction(async (tx) => {
          const claimed = await codes.claim(tx, code, userId);
          const got = claimed.cardInfoId
            ? await cards.mint(tx, {
                cardInfoId: claimed.cardInfoId,
                ownerId: userId,
                quantity: 1,
                via: 'code',
                refId: claimed.id,
              })
            : await mintFromTheme(tx, claimed.themeId!, userId, claimed.id);
          await recordCodeSale(tx, claimed.id, userId, got);
          return got;
        })
        .catch(failed);
      deps.log.info({ userId, cards: minted.map((c) => c.id) }, 'exchange code redeemed');
      const out = minted.map(toMinted);
      if (session) return { data: { ...session, cards: out }, msg: '' };
      return {
        data: { cards: out },
        msg: `兌換成功，獲得${out.map((c) => `「${c.name}」${c.serialLabel}`).join('、')}`,
      };
    },
  };
}
