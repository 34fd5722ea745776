import type { CardView, StoreResponse } from '@app/shared/schemas/store';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { createCard } from '../api/createCard.ts';
import { createCustomer } from '../api/createCustomer.ts';
import { deleteCard } from '../api/deleteCard.ts';
import { errorMessage, localizeParams, type Message, validationMessage } from '../messages.ts';
import { newIdempotencyKey } from '../purchase-key.ts';
import { CardForm } from './CardForm.tsx';

/** 'Visa •••• 1111' in the reader's language. */
export function useCardName() {
  const { t } = useTranslation();
  return (card: Pick<CardView, 'brand' | 'last4'>) =>
    t('store.cards.name', {
      brand: t(`store.brands.${card.brand}`, { defaultValue: card.brand.replace(/_/g, ' ') }),
      last4: card.last4,
    });
}

interface Props {
  square: StoreResponse['square'];
  cards: CardView[] | null;
  loadError: Message | null;
  selectedId: string | null;
  onSelect: (cardId: string) => void;
  customerId: string | null;
  onCustomer: (customerId: string) => void;
  onAdded: (card: CardView) => void;
  onDeleted: (cardId: string) => void;
  /** 'validation.cardRequired' when the user went on without a card. */
  error?: string | undefined;
}

/** The cards on file: pick one, add one (creating the Square customer first), delete one after a confirm. */
export function CardSection({
  square,
  cards,
  loadError,
  selectedId,
  onSelect,
  customerId,
  onCustomer,
  onAdded,
  onDeleted,
  error,
}: Props) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const cardName = useCardName();
  const [adding, setAdding] = useState(false);
  const [registering, setRegistering] = useState(false);
  const [formError, setFormError] = useState<Message | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CardView | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<Message | null>(null);
  /** The last registration attempt: a retry of the same card reuses its idempotency key. */
  const attempt = useRef<{ sourceId: string; uuid: string } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const register = async (
    sourceId: string,
    cardholderName: string | undefined,
    verificationToken: string | undefined,
  ) => {
    if (registering) return;
    setRegistering(true);
    setFormError(null);
    setNotice(null);
    try {
      let customer = customerId;
      if (!customer) {
        const created = await createCustomer();
        if (created === null) return;
        if (!created.ok) {
          setFormError(validationMessage(created));
          return;
        }
        customer = created.data.customer_id;
        onCustomer(customer);
      }
      if (attempt.current?.sourceId !== sourceId) attempt.current = { sourceId, uuid: newIdempotencyKey() };
      const result = await createCard({
        source_id: sourceId,
        cardholder_name: cardholderName,
        uuid: attempt.current.uuid,
        ...(verificationToken ? { verification_token: verificationToken } : {}),
      });
      if (result === null) return;
      if (!result.ok) {
        setFormError(validationMessage(result));
        return;
      }
      attempt.current = null;
      onAdded(result.data.card);
      setAdding(false);
      setNotice('store.cards.registered');
    } catch (err) {
      setFormError(errorMessage(err, 'errors.cardRegisterFailed'));
    } finally {
      setRegistering(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      const result = await deleteCard(deleting.id);
      if (result === null) return;
      if (!result.ok) {
        setDeleteError({ key: 'errors.cardDeleteFailed' });
        return;
      }
      onDeleted(deleting.id);
      setDeleting(null);
      setNotice('store.cards.deleted');
      requestAnimationFrame(() => addButton.current?.focus());
    } catch (err) {
      setDeleteError(errorMessage(err, 'errors.cardDeleteFailed'));
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <div className="cards">
      <fieldset
        className={`fieldset-plain field${error ? ' field--error' : ''}`}
        aria-describedby={error ? 'card-error' : undefined}
      >
        <legend className="store__legend">
          {t('store.cards.legend')}
          <span className="field__req">{t('common.required')}</span>
        </legend>
        <div aria-live="polite">
          <Alert kind="success">{notice ? t(notice) : null}</Alert>
        </div>
        {loadError ? (
          <Alert kind="error">{t(loadError.key, localizeParams(lang, loadError.params))}</Alert>
        ) : null}
        {cards === null ? (
          loadError ? null : (
            <Spinner />
          )
        ) : cards.length === 0 ? (
          <p className="muted cards__empty">{t('store.cards.empty')}</p>
        ) : (
          <ul className="cards__list">
            {cards.map((card) => (
              <li key={card.id} className="cards__item">
                <label className="choice cards__choice">
                  <input
                    type="radio"
                    name="card"
                    value={card.id}
                    checked={selectedId === card.id}
                    aria-invalid={error ? true : undefined}
                    onChange={() => onSelect(card.id)}
                  />
                  <span>
                    <span className="choice__label">{cardName(card)}</span>
                    <span className="choice__hint">
                      {t('store.cards.expires', {
                        month: String(card.exp_month).padStart(2, '0'),
                        year: String(card.exp_year % 100).padStart(2, '0'),
                      })}
                      {card.cardholder_name ? ` · ${card.cardholder_name}` : ''}
                    </span>
                  </span>
                </label>
                <button
                  type="button"
                  className="btn btn--link cards__delete"
                  aria-label={t('store.cards.deleteLabel', { card: cardName(card) })}
                  onClick={() => {
                    setDeleteError(null);
                    setDeleting(card);
                  }}
                >
                  {t('store.cards.delete')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {error ? (
          <p id="card-error" className="field__error" role="alert">
            {t(error)}
          </p>
        ) : null}
      </fieldset>
      {adding ? (
        <CardForm
          square={square}
          busy={registering}
          error={formError}
          onSubmit={(sourceId, name, verification) => void register(sourceId, name, verification)}
          onCancel={() => {
            setAdding(false);
            setFormError(null);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          className="btn btn--secondary btn--block cards__add"
          onClick={() => {
            setNotice(null);
            setAdding(true);
            requestAnimationFrame(() => document.getElementById('card-form-title')?.focus());
          }}
        >
          {t('store.cards.add')}
        </button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('store.cards.deleteTitle')}
        confirmLabel={t('store.cards.deleteConfirm')}
        busy={deleteBusy}
        busyLabel={t('store.cards.deleting')}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? t('store.cards.deleteBody', { card: cardName(deleting) }) : null}</p>
        <Alert kind="error">
          {deleteError ? t(deleteError.key, localizeParams(lang, deleteError.params)) : null}
        </Alert>
      </ConfirmDialog>
    </div>
  );
}
