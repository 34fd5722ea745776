import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** 'Page Not Found' for a 404, otherwise 'Internal Server Error'. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <section className="page page--center" aria-labelledby="error-heading">
      <h1 id="error-heading" className="page__title">
        {notFound ? t('common.errorPage.notFound') : t('common.errorPage.internal')}
      </h1>
      {notFound ? null : <p>{t('common.errorPage.lead')}</p>}
      <p>
        <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
          {t('common.errorPage.reload')}
        </button>
      </p>
    </section>
  );
}

export default ErrorPage;
