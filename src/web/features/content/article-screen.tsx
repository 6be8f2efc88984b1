import { Image, Tag } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { GoneState } from '../../components/go-button';
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views';
import { TextBody } from '../../components/text-body';
import { useArticle } from './api/get-article';
import { formatHkDate } from '../../../shared/hk-time';

function ArticleView({ id }: { id: string }) {
  const article = useArticle(id);
  if (article.status === 'loading') return <LoadingState label="正在載入文章…" />;
  if (article.status === 'error') {
    if (article.failure.code === 404) {
      return (
        <GoneState
          title="找不到這篇文章"
          description="文章可能已下架，請返回首頁查看最新消息。"
          back={['/', '返回首頁']}
        />
      );
    }
    return <ErrorState title="未能載入文章" onRetry={article.reload} />;
  }
  const a = article.data;
  return (
    <article className="section" aria-labelledby="article-title">
      {a.cover && (
        <Image src={a.cover} alt="" fit="cover" style={{ borderRadius: 8, aspectRatio: '16 / 9', width: '100%' }} />
      )}
      <h2 id="article-title" className="article-title">
        {a.title}
      </h2>
      <p className="article-meta">
        <Tag color="primary" fill="outline">
          {a.category}
        </Tag>{' '}
        <time dateTime={a.publishedAt}>{formatHkDate(a.publishedAt)}</time>
      </p>
      <TextBody text={a.body} />
    </article>
  );
}

/** /mall/article?id=: one article (the list is on the home screen). */
export default function ArticleScreen() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  if (!id) {
    return (
      <EmptyState
        title="未有選擇文章"
        description={
          <>
            請到<Link to="/">首頁</Link>的「最新消息」選擇一篇文章。
          </>
        }
      />
    );
  }
  return <ArticleView id={id} />;
}
