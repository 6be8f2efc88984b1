import { List } from 'antd-mobile';
import { usedPerkText } from '../../../shared/schemas/perks';
import { useNavigate } from 'react-router';
import { GoButton } from '../../components/go-button';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { useLoad } from '../../lib/use-load';
import { getRights } from './api/get-rights';
import './collection.css';
import { cardArtAlt } from '../../lib/card-art-alt';

/** /my/rights: the rights of the cards the user holds, and which cards grant each. */
export default function RightsScreen() {
  const navigate = useNavigate();
  const state = useLoad(getRights, []);
  if (state.status === 'loading') return <LoadingState label="正在載入權益…" />;
  if (state.status === 'error') return <ErrorState title="未能載入權益" onRetry={state.reload} />;
  if (state.data.length === 0) {
    return (
      <EmptyState
        title="暫時未有權益"
        description="持有附帶權益的卡牌（例如折扣、優先購買），權益就會在這裏列出。"
        action={<GoButton to="/mall">去商城看看</GoButton>}
      />
    );
  }
  return (
    <div className="page">
      {state.data.map((right) => (
        <List
          key={`${right.title}:${right.description}`}
          header={
            <>
              {right.title}
              {/* Used up for its period: listed with when, not as ready (issue 44). */}
              {right.used ? <span className="rights-used">{usedPerkText({ period: right.used })}</span> : null}
            </>
          }
          className="rights-group"
        >
          <List.Item description={right.description}>
            <span className="visually-hidden">由以下卡牌提供：</span>
            <ul className="rights-cards">
              {right.cards.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => navigate(`/my/collection?card=${encodeURIComponent(c.id)}`)}
                  >
                    <img
                      src={c.image}
                      alt={cardArtAlt({ name: c.name, rarity: c.rarity, serial: c.serialLabel })}
                      className="rights-card-image"
                    />
                    {c.name} {c.serialLabel}
                  </button>
                </li>
              ))}
            </ul>
          </List.Item>
        </List>
      ))}
    </div>
  );
}
