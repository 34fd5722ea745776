/**
 * /admin/items: item moderation (issue 17). Find an item by id or a creator's items by username
 * (`?creator=`), the items under review (`?view=review`), and one item (`?item=`) with its files
 * and actions. The state is in the address, so a list or an item can be shared and reloaded.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { pagedItems, queryErrorKey } from '../../../lib/query.ts';
import { AdminPage } from '../../admin/components/AdminPage.tsx';
import { useAdminItems } from '../cache.ts';
import { ItemDetail } from '../components/ItemDetail.tsx';
import { ItemSearch } from '../components/ItemSearch.tsx';
import { ItemTable } from '../components/ItemTable.tsx';
import { StatusTabs } from '../components/StatusTabs.tsx';
import '../review.css';

const VIEWS = ['search', 'review'] as const;

function ItemList({ creator, linkOf }: { creator: string | null; linkOf: (id: string) => string }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const query = useAdminItems(creator);
  const rows = pagedItems(query.data, (p) => p.items);
  const owner = query.data?.pages[0]?.creator;
  const error = queryErrorKey(query.error);
  if (error) return <Alert kind="error">{t(error.key, error.params ?? {})}</Alert>;
  if (rows === null) return <Spinner />;
  return (
    <>
      {owner ? (
        <h2 className="review-org__name">
          {t('admin.catalog.review.items.creatorItems', { name: owner.nickname ?? owner.username })}
        </h2>
      ) : null}
      <ItemTable
        items={rows}
        lang={lang}
        linkOf={linkOf}
        dateOf={creator ? 'created' : 'review'}
        empty={
          <p className="review-empty">
            {t(`admin.catalog.review.items.${creator ? 'empty' : 'reviewEmpty'}`)}
          </p>
        }
        more={{
          query,
          label: t('admin.catalog.review.items.more'),
          busyLabel: t('admin.catalog.review.items.loadingMore'),
          className: 'review-more',
        }}
      />
    </>
  );
}

export default function ItemsPage() {
  const { t } = useTranslation();
  const { lang, to } = useLang();
  const [params, setParams] = useSearchParams();
  const itemId = params.get('item');
  const creator = params.get('creator');
  const view = params.get('view') === 'review' ? 'review' : 'search';
  // An item opened from a list keeps the list in its address: "back" returns to it.
  const linkOf = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('item', id);
    return `${to('/admin/items')}?${next.toString()}`;
  };
  const back = new URLSearchParams(params);
  back.delete('item');

  return (
    <AdminPage title={t('admin.access.nav.items')}>
      {itemId ? (
        <>
          <p>
            <Link to={`${to('/admin/items')}${back.size ? `?${back.toString()}` : ''}`}>
              {t('admin.catalog.review.items.detail.back')}
            </Link>
          </p>
          <ItemDetail key={itemId} id={itemId} lang={lang} />
        </>
      ) : (
        <>
          <StatusTabs
            label={t('admin.catalog.review.items.tabsLabel')}
            options={VIEWS}
            value={view}
            onChange={(v) => setParams(v === 'review' ? { view: 'review' } : {})}
            labelOf={(v) => t(`admin.catalog.review.items.tabs.${v}`)}
          />
          {view === 'review' ? (
            <ItemList creator={null} linkOf={linkOf} />
          ) : (
            <>
              <ItemSearch
                key={creator ?? ''}
                initial={creator ?? ''}
                onItem={(id) => setParams({ item: id })}
                onCreator={(u) => setParams({ creator: u })}
              />
              {creator ? <ItemList creator={creator} linkOf={linkOf} /> : null}
            </>
          )}
        </>
      )}
    </AdminPage>
  );
}
