import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { queryErrorKey } from '../../../lib/query.ts';
import { invalidateItems, useItem, useItemSetting } from '../cache.ts';
import { ItemForm } from '../components/ItemForm.tsx';
import '../items.css';

/** What the list says after the form saved (navigation state). */
export interface ItemSavedState {
  itemSaved?: 'items.form.savedDraft' | 'items.form.published' | 'items.form.saved';
}

/**
 * /home/shop/create and /home/shop/{item_id}: the item form, new or of the creator's own item
 * (another account's id answers not found). Saving goes back to the shop list with a message.
 */
export default function ItemFormPage() {
  const { t } = useTranslation();
  const { itemId } = useParams();
  const { to } = useLang();
  const navigate = useNavigate();
  const item = useItem(itemId);
  const setting = useItemSetting();
  const error = queryErrorKey(item.error);
  const editing = Boolean(itemId);
  const draftCount = setting.data ? (
    <span className="muted small">
      {t('items.form.draftCount', { count: setting.data.drafts, limit: setting.data.draft_limit })}
    </span>
  ) : null;
  return (
    <section className="page item-form-page" aria-labelledby="item-form-heading">
      <p className="item-form-page__back">
        <LangLink to="/home/shop">{t('items.form.back')}</LangLink>
      </p>
      <h1 id="item-form-heading" className="page__title">
        {editing ? t('items.form.editTitle') : t('items.form.createTitle')}
      </h1>
      {error ? <Alert kind="error">{t(error.key, error.params ?? {})}</Alert> : null}
      {editing && !item.data ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        <ItemForm
          key={item.data ? `${item.data.id}-${item.data.version}` : 'new'}
          item={item.data ?? null}
          draftCount={draftCount}
          onSaved={(saved, status) => {
            void invalidateItems();
            const state: ItemSavedState = {
              itemSaved:
                item.data?.status === 'published'
                  ? 'items.form.saved'
                  : status === 'published'
                    ? 'items.form.published'
                    : 'items.form.savedDraft',
            };
            navigate(to('/home/shop'), { state: { ...state, itemId: saved.id } });
          }}
        />
      )}
    </section>
  );
}
