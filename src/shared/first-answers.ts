/**
 * The public GETs a screen's first view starts with, spelt exactly as the web client sends them
 * (`apiUrl` in src/web/lib/request.ts: the parameters in the order the screen passes them, nulls left out).
 * The server embeds their answers in the page it sends for the route (src/server/plugins/web.ts), and the
 * request client answers the first of each such GET from the page instead of the network (decision 022).
 *
 * Only routes served from the public answer cache belong here (decision 013): their answer is the same for
 * every caller, signed in or not, so a page may carry it to anyone.
 */

/** The id of the `<script type="application/json">` holding `{ [url]: envelope }`. */
export const FIRST_ANSWERS_ID = 'trove-first-answers';

/** The page carries its answers for this long after the navigation began; a later first call asks the server. */
export const FIRST_ANSWERS_MAX_AGE_MS = 30_000;

/**
 * List rows whose pictures are above the fold on a phone (six rows of ~130 px fill an 823 px-high screen under the
 * bars): they load at once, since the largest paint is whichever of them paints last (equal sizes, a fraction of
 * a pixel apart), not necessarily the first.
 */
export const FIRST_LIST_PICTURES = 6;

export interface FirstAnswers {
  /** The API URLs (path and query) of the first view, as the client asks for them. */
  urls: string[];
  /** The answer whose picture (`image`) the page preloads, its URL: a list's first row's, or an item's own. */
  imageFrom?: string;
  /** The picture is a list row's: preloaded as the row asks for it (`thumbnail`, shared/pictures.ts). */
  thumbnail?: true;
}

/** /mall, 卡牌 tab (the default): `getCardInfos({ page: 1, pageSize: 10, onSale: true })`. */
export const MALL_FIRST_LIST = '/api/cardInfo/list?page=1&pageSize=10&onSale=1';
/** /market, 卡牌 出售 newest without search or filters: `listMarketRows('card', { page: 1, pageSize: 20, sell_type: 0, sort: 'newest' })`. */
export const MARKET_FIRST_LIST = '/api/cardInfo/marketList?page=1&pageSize=20&sell_type=0&sort=newest';
/** Home: the banners, and the drops (`DropsSection`: on sale and upcoming card infos). */
export const HOME_BANNERS = '/api/banner';
export const HOME_DROPS = '/api/cardInfo/list?page=1&pageSize=10&saleState=on_sale%2Cupcoming';

/** /mall/detail?id=: `getCardInfo(id)`, the card info with its picture (the screen's largest paint). */
export const cardDetailUrl = (id: string) => `/api/cardInfo/detail?id=${encodeURIComponent(id)}`;

const MARKET_VIEW_PARAMS = ['tab', 'sell_type', 'q', 'themeId', 'rarity', 'min', 'max', 'sort'];

/** What the page for `route` (with the query it was asked with) embeds; null when its first view has nothing public to carry. */
export function firstAnswers(route: string, query: URLSearchParams): FirstAnswers | null {
  switch (route) {
    case '/':
      return { urls: [HOME_BANNERS, HOME_DROPS], imageFrom: HOME_BANNERS };
    case '/mall': {
      const tab = query.get('tab');
      // Another tab asks for packs or products; an unknown tab shows 卡牌, as the screen does.
      return tab === 'pack' || tab === 'entity' || tab === 'other'
        ? null
        : { urls: [MALL_FIRST_LIST], imageFrom: MALL_FIRST_LIST, thumbnail: true };
    }
    case '/market':
      // Another tab, side, search, filter or sort asks something else.
      return MARKET_VIEW_PARAMS.some((p) => query.has(p))
        ? null
        : { urls: [MARKET_FIRST_LIST], imageFrom: MARKET_FIRST_LIST, thumbnail: true };
    case '/mall/detail': {
      const id = query.get('id');
      if (!id) return null;
      return { urls: [cardDetailUrl(id)], imageFrom: cardDetailUrl(id) };
    }
    default:
      return null;
  }
}
