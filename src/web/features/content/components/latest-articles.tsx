import { Image, List, Tag } from 'antd-mobile';
import { useLatestArticles } from '../api/get-articles';
import { LinkItem } from '../../../components/link-item';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState, ErrorState } from '../../../components/state-views';
import { formatHkDate } from '../../../../shared/hk-time';
import { thumbnail } from '../../../../shared/pictures';

/** The newest articles; a tap opens /mall/article?id=. */
export function LatestArticles({ count = 5 }: { count?: number }) {
  const { status, articles, reload } = useLatestArticles(count);

  let body;
  if (status === 'loading' && articles.length === 0) body = <Skeleton shape="row" count={3} label="正在載入文章…" />;
  else if (status === 'error' && articles.length === 0) body = <ErrorState title="未能載入文章" onRetry={reload} />;
  else if (articles.length === 0) body = <EmptyState title="暫時未有文章" description="稍後再來看看最新公告及攻略。" />;
  else {
    body = (
      <List>
        {articles.map((a) => (
          <LinkItem
            key={a.id}
            to={`/mall/article?id=${encodeURIComponent(a.id)}`}
            prefix={
              <Image src={thumbnail(a.cover)} alt="" width={64} height={64} fit="cover" style={{ borderRadius: 8 }} />
            }
            description={
              <span>
                <Tag color="primary" fill="outline">
                  {a.category}
                </Tag>{' '}
                <time dateTime={a.publishedAt}>{formatHkDate(a.publishedAt)}</time>
              </span>
            }
          >
            {a.title}
          </LinkItem>
        ))}
      </List>
    );
  }

  return (
    <section className="section" aria-labelledby="latest-articles-title">
      <h2 className="section-title" id="latest-articles-title">
        最新消息
      </h2>
      {body}
    </section>
  );
}
