import { useState } from 'react';
import { Button } from 'antd-mobile';
import { Link } from 'react-router';
import type { PackOpen } from '../../../../shared/schemas/packs';
import type { MintedCard } from '../../../../shared/schemas/pay-orders';
import { RarityTag } from '../../../components/rarity-tag';
import { readToken } from '../../../lib/auth-storage';
import { cardArtAlt } from '../../../lib/card-art-alt';
import { isFailure } from '../../../lib/request';
import { openPack } from '../api/open-pack';
import { PackPart } from './pack-part';
import type { Rarity } from '../../../../shared/constants';

/** How long each card waits for the one before it to turn over (the whole reveal stays short). */
const STEP_MS = 250;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Where a drawn card lives now: its detail in the buyer's collection. */
const collectionPath = (card: MintedCard) => `/my/collection?card=${encodeURIComponent(card.id)}`;

/** The cards turned over one after another (a flip in CSS, each a little later), each a link to the collection. */
function AnimatedCards({ cards, from }: { cards: MintedCard[]; from: number }) {
  return (
    <ul className="pack-reveal-cards">
      {cards.map((c, i) => (
        <li key={c.id} className="pack-reveal-card" style={{ animationDelay: `${(from + i) * STEP_MS}ms` }}>
          <Link to={collectionPath(c)}>
            <img src={c.image} alt={cardArtAlt({ name: c.name, rarity: c.rarity, serial: c.serialText })} />
            <span className="pack-reveal-name">{c.name}</span>
            <span className="pack-reveal-serial">{c.serialText}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** With prefers-reduced-motion: the same cards as a plain list, nothing moves. */
function PlainCards({ cards }: { cards: MintedCard[] }) {
  return (
    <ul className="pack-plain-cards">
      {cards.map((c) => (
        <li key={c.id}>
          <Link to={collectionPath(c)}>{c.name}</Link> <RarityTag rarity={c.rarity as Rarity} />{' '}
          <span className="pack-reveal-serial">{c.serialText}</span>
        </li>
      ))}
    </ul>
  );
}

/** The opened order: each pack's cards, its place in the series (包序號) and whether the guarantee gave its last card. */
export function OpenedPacks({ opened, plain }: { opened: PackOpen; plain: boolean }) {
  let before = 0;
  return (
    <div className="pack-opened">
      <p className="pack-hint">
        訂單 {opened.orderNo}・客戶種子 <span className="pack-hex">{opened.clientSeed}</span>
      </p>
      {opened.packs.map((p) => {
        const from = before;
        before += p.cards.length;
        return (
          <section key={p.nonce} className="pack-opened-pack" aria-label={`第 ${p.nonce} 包`}>
            <h4 className="pack-subtitle">
              第 {p.nonce} 包{p.guaranteed && <span className="pack-guaranteed">保底</span>}
            </h4>
            {plain ? <PlainCards cards={p.cards} /> : <AnimatedCards cards={p.cards} from={from} />}
          </section>
        );
      })}
      <Link to="/my/collection">到「我的收藏」查看全部卡牌</Link>
    </div>
  );
}

/** /mall/pack?id=&orderNo=: 開包 of a paid pack order, then the cards it holds (the same ones if opened again). */
export function PackOpening({ orderNo }: { orderNo: string }) {
  const [opened, setOpened] = useState<PackOpen | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const result = await openPack(orderNo);
    setBusy(false);
    if (!isFailure(result)) setOpened(result);
  };
  return (
    <PackPart id="pack-open-title" title="開包" className="pack-opening">
      {/* Announced once, when the cards are there (not card by card as they turn over). */}
      <div aria-live="polite">
        {opened ? (
          <>
            <p className="visually-hidden">
              已開包，共 {opened.packs.reduce((n, p) => n + p.cards.length, 0)} 張卡牌：
              {opened.packs.flatMap((p) => p.cards.map((c) => `${c.name}（${c.rarity}）`)).join('、')}
            </p>
            <OpenedPacks opened={opened} plain={reducedMotion()} />
          </>
        ) : null}
      </div>
      {!opened &&
        (readToken() === null ? (
          <p className="pack-hint">
            請先<Link to="/login">登入</Link>，再開啟訂單 {orderNo} 的卡包。
          </p>
        ) : (
          <>
            <p className="pack-hint">訂單 {orderNo} 已付款，卡牌已存入你的收藏，開包看看抽中了甚麼。</p>
            <Button block color="primary" size="large" loading={busy} disabled={busy} onClick={open}>
              開啟卡包
            </Button>
          </>
        ))}
    </PackPart>
  );
}
