import { Button, ErrorBlock } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';

/** A screen of the seed whose feature has not landed yet: says so and offers a way home. */
export default function ComingSoonScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <ErrorBlock
      status="busy"
      title="功能即將推出"
      description="我們正在準備這個功能，敬請期待。你可以先返回首頁，瀏覽商城及最新消息。"
      className="state-block"
      data-path={pathname}
    >
      <Button color="primary" onClick={() => navigate('/', { replace: true })}>
        返回首頁
      </Button>
    </ErrorBlock>
  );
}
