import { useNavigate } from 'react-router';
import { EmptyState, StateButton } from '../components/state-views';

/** Any path that is not one of the seed's screens. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <EmptyState
      title="找不到頁面"
      description="你要找的頁面不存在或已移除，請返回首頁繼續瀏覽。"
      action={
        <StateButton solid onClick={() => navigate('/', { replace: true })}>
          返回首頁
        </StateButton>
      }
    />
  );
}
