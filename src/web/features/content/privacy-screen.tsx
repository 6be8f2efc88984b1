import { ErrorState, EmptyState, LoadingState } from '../../components/state-views';
import { TextBody } from '../../components/text-body';
import { usePrivacy } from './api/get-privacy';
import { formatHkDate } from '../../../shared/hk-time';

/** /my/privacy: the privacy policy in force. */
export default function PrivacyScreen() {
  const privacy = usePrivacy();
  if (privacy.status === 'loading') return <LoadingState label="正在載入私隱政策…" />;
  if (privacy.status === 'error') {
    if (privacy.failure.code === 404) {
      return <EmptyState title="私隱政策尚未發佈" description="私隱政策發佈後會在這裏顯示，請稍後再來查看。" />;
    }
    return <ErrorState title="未能載入私隱政策" onRetry={privacy.reload} />;
  }
  const p = privacy.data;
  return (
    <article className="section" aria-labelledby="privacy-title">
      <h2 id="privacy-title" className="article-title">
        {p.title}
      </h2>
      <p className="article-meta">
        版本 {p.version}，於 <time dateTime={p.publishedAt}>{formatHkDate(p.publishedAt)}</time> 生效
      </p>
      <TextBody text={p.body} />
    </article>
  );
}
