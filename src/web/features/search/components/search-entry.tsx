import { Link } from 'react-router';

/**
 * The home screen's search box: a link drawn like the box, opening /search, which focuses its own box. "/" is
 * at its bundle budget, so the box with its suggestions and recent searches loads with /search only; its
 * style is in home.css for the same reason.
 */
export function SearchEntry() {
  return (
    <Link to="/search" className="search-entry">
      搜尋卡牌、商品、主題、賣家
    </Link>
  );
}
