import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegalParams } from '../values.ts';

type Row = { readonly label: string; readonly value: string };
type ClauseTable = {
  readonly caption: string;
  readonly head: Row;
  readonly rows: Readonly<Record<string, Row>>;
};
type Clause =
  | string
  | {
      readonly text: string;
      readonly items?: Readonly<Record<string, string>>;
      readonly table?: ClauseTable;
    };
type Article = { readonly title: string; readonly clauses: Readonly<Record<string, Clause>> };
/** The shape of `terms.articles` / `creatorTerms.articles` in the `legal` catalogue. */
export type Articles = Readonly<Record<string, Article>>;

interface Props {
  /** Catalogue key of the document: 'terms' or 'creatorTerms'. */
  doc: 'terms' | 'creatorTerms';
  /** The document's articles from the Japanese catalogue: only the keys and their order are used. */
  articles: Articles;
  params: LegalParams;
  /** Texts the page fills in itself (live figures), by catalogue key, instead of the key's text. */
  live?: Readonly<Record<string, ReactNode>>;
}

/**
 * Renders the numbered articles of a terms document. Structure (articles, clauses, items, tables)
 * comes from the catalogue's keys; every text goes through i18next, so ja and en share it.
 */
export function LegalArticles({ doc, articles, params, live = {} }: Props) {
  const { t } = useTranslation('legal');
  return Object.entries(articles).map(([id, article], index) => {
    const base = `${doc}.articles.${id}`;
    const headingId = `legal-${doc}-${id}`;
    const clauses = Object.entries(article.clauses);
    const heading = t('common.articleHeading', { ...params, number: index + 1, title: t(`${base}.title`) });
    return (
      <section key={id} className="legal-article" aria-labelledby={headingId}>
        <h2 id={headingId} className="legal-article-heading">
          {heading}
        </h2>
        {clauses.length === 1 && clauses[0] ? (
          <ClauseBody
            base={`${base}.clauses.${clauses[0][0]}`}
            clause={clauses[0][1]}
            params={params}
            live={live}
          />
        ) : (
          <ol className="legal-clauses">
            {clauses.map(([cid, clause]) => (
              <li key={cid} className="legal-clause">
                <ClauseBody base={`${base}.clauses.${cid}`} clause={clause} params={params} live={live} />
              </li>
            ))}
          </ol>
        )}
      </section>
    );
  });
}

function ClauseBody({
  base,
  clause,
  params,
  live,
}: {
  base: string;
  clause: Clause;
  params: LegalParams;
  live: Readonly<Record<string, ReactNode>>;
}) {
  const { t } = useTranslation('legal');
  if (typeof clause === 'string') return <p className="legal-text">{t(base, params)}</p>;
  return (
    <>
      <p className="legal-text">{t(`${base}.text`, params)}</p>
      {clause.items ? (
        <ol className="legal-items">
          {Object.keys(clause.items).map((key) => (
            <li key={key}>{t(`${base}.items.${key}`, params)}</li>
          ))}
        </ol>
      ) : null}
      {clause.table ? (
        <div className="legal-table-wrap">
          <table className="legal-table">
            <caption>{t(`${base}.table.caption`, params)}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`${base}.table.head.label`, params)}</th>
                <th scope="col">{t(`${base}.table.head.value`, params)}</th>
              </tr>
            </thead>
            <tbody>
              {Object.keys(clause.table.rows).map((key) => (
                <tr key={key}>
                  <th scope="row">{t(`${base}.table.rows.${key}.label`, params)}</th>
                  <td>
                    {live[`${base}.table.rows.${key}.value`] ?? t(`${base}.table.rows.${key}.value`, params)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
