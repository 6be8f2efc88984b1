import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router';

/** Any path that is not one of the seed's screens. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <ErrorBlock status="empty" title="找不到頁面" description="你要找的頁面不存在或已移除，請返回首頁繼續瀏覽。" className="state-block">
      <Button color="primary" onClick={() => navigate('/', { replace: true })}>
        返回首頁
      </Button>
    </ErrorBlock>
  );
}
