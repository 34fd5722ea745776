import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { RequireAuth } from '../../../app/RequireAuth.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { queryErrorKey } from '../../../lib/query.ts';
import { formatDate } from '../../points/format.ts';
import { useNews } from '../cache.ts';
import '../home.css';

function News({ id }: { id: string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const query = useNews(id);
  const news = query.data;
  const notFound = query.error instanceof ApiError && query.error.code === 'news_not_found';
  const error = queryErrorKey(query.error);

  if (notFound) {
    return (
      <section className="page page--center" aria-labelledby="news-heading">
        <h1 id="news-heading" className="page__title">
          {t('errors.newsNotFound')}
        </h1>
        <LangLink to="/home">{t('home.news.toHome')}</LangLink>
      </section>
    );
  }
  return (
    <article className="page news" aria-labelledby="news-heading">
      <Alert kind="error">{error ? t(error.key, error.params ?? {}) : null}</Alert>
      {news ? (
        <>
          <time className="news__date" dateTime={news.published_at}>
            {formatDate(lang, news.published_at)}
          </time>
          <h1 id="news-heading" className="page__title">
            {news.title[lang]}
          </h1>
          {/* Text only: React escapes it; line breaks kept by CSS (white-space: pre-line). */}
          <div className="news__body">{news.body[lang]}</div>
        </>
      ) : error ? null : (
        <Spinner />
      )}
      <p className="news__back">
        <LangLink to="/home">{t('home.news.back')}</LangLink>
      </p>
    </article>
  );
}

/** /home/news/{news_id}: one news item in the reader's language, or its not-found state. */
export default function NewsPage() {
  const { newsId = '' } = useParams();
  return (
    <RequireAuth>
      <News key={newsId} id={newsId} />
    </RequireAuth>
  );
}
