/**
 * The item form (/home/shop/create, /home/shop/{item_id}): type, name, description, price (10 yen
 * steps), thumbnail, images (ordered by drag or buttons), ZIP, video, up to 5 samples, the sale
 * period in Japan time, stock, the flags; saved as a draft or published. The body is checked with
 * the contract (`itemSaveRequest`, and `publishIssues` to publish) before it is sent, and a 422's
 * issues come back on the same fields. After publishing, what cannot change is shown disabled.
 */
import {
  type ItemDetailView,
  type ItemSaveRequest,
  type ItemType,
  itemSaveRequest,
  itemTypes,
  pointsOfPrice,
  publishIssues,
} from '@app/shared/schemas/shop';
import { shopMessageParams } from '@app/shared/shop';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/lang-context.ts';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { fromJstInput, toJstInput } from '../../../lib/jst-input.ts';
import { formatNumber } from '../../points/format.ts';
import { errorMessage, localizeParams, type Message } from '../../store/messages.ts';
import { saveItem } from '../api/saveItem.ts';
import { FileSlots, heldSlots, type SetSlots, type Slot } from './FileSlots.tsx';

interface Values {
  item_type: ItemType;
  name: string;
  description: string;
  price: string;
  open_at: string;
  close_at: string;
  stock_mode: 'unlimited' | 'limited';
  stock: string;
  show_stock: boolean;
  low_stock_threshold: string;
  sensitive: boolean;
  is_public: boolean;
}

const valuesOf = (item: ItemDetailView | null): Values => ({
  item_type: item?.item_type ?? 'photo',
  name: item?.name ?? '',
  description: item?.description ?? '',
  price: item?.price != null ? String(item.price) : '',
  open_at: toJstInput(item?.open_at),
  close_at: toJstInput(item?.close_at),
  stock_mode: item?.stock_mode ?? 'unlimited',
  // Editing: empty keeps the current count (spec); a draft shows its count to change.
  stock: item && item.status === 'draft' && item.stock !== null ? String(item.stock) : '',
  show_stock: item?.show_stock ?? true,
  low_stock_threshold: String(item?.low_stock_threshold ?? 0),
  sensitive: item?.sensitive ?? false,
  is_public: item?.is_public ?? true,
});

/** A number field's value: the number, or the text itself (the schema refuses it with the field's message). */
const numberOf = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s));

const keysOf = (slots: Slot[]) => slots.flatMap((s) => (s.key ? [s.key] : []));

export function buildBody(
  item: ItemDetailView | null,
  status: 'draft' | 'published',
  v: Values,
  files: Record<'thumbnail' | 'images' | 'zip' | 'video' | 'samples', Slot[]>,
): Record<string, unknown> {
  const photo = v.item_type === 'photo';
  const fileNames = Object.fromEntries(
    Object.values(files)
      .flat()
      .filter((s) => s.fresh && s.key)
      .map((s) => [s.key, s.name.slice(0, 200)]),
  );
  return {
    ...(item ? { id: item.id, version: item.version } : {}),
    status,
    item_type: v.item_type,
    name: v.name,
    description: v.description,
    price: v.price.trim() === '' ? null : numberOf(v.price),
    thumbnail: keysOf(files.thumbnail)[0] ?? null,
    images: photo ? keysOf(files.images) : [],
    zip: photo ? (keysOf(files.zip)[0] ?? null) : null,
    video: v.item_type === 'video' ? (keysOf(files.video)[0] ?? null) : null,
    samples: keysOf(files.samples),
    open_at: fromJstInput(v.open_at),
    close_at: fromJstInput(v.close_at),
    stock_mode: v.stock_mode,
    ...(v.stock_mode === 'limited' && v.stock.trim() !== '' ? { stock: numberOf(v.stock) } : {}),
    show_stock: v.show_stock,
    low_stock_threshold: v.low_stock_threshold.trim() === '' ? 0 : numberOf(v.low_stock_threshold),
    sensitive: v.sensitive,
    is_public: v.is_public,
    file_names: fileNames,
  };
}

/** The contract's issues of a body (and, to publish, what publishing needs) as { path: key }. */
export function issuesOf(
  body: Record<string, unknown>,
  item: ItemDetailView | null = null,
): Record<string, string> {
  const out: Record<string, string> = {};
  const parsed = itemSaveRequest.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || '_form';
      out[path] ??= issue.message;
    }
  }
  // Every field publishing needs, at once (the body has each field buildBody writes).
  if (body.status === 'published') {
    const checked = (parsed.success ? parsed.data : body) as ItemSaveRequest;
    // An empty stock of a limited item keeps its count (as the server does).
    const keeps = checked.stock === undefined && item?.stock_mode === 'limited' && item.stock !== null;
    for (const i of publishIssues(keeps ? { ...checked, stock: item?.stock ?? 0 } : checked))
      out[i.path] ??= i.message;
  }
  return out;
}

export function ItemForm({
  item,
  draftCount,
  onSaved,
}: {
  item: ItemDetailView | null;
  draftCount: ReactNode;
  onSaved: (saved: ItemDetailView, status: 'draft' | 'published') => void;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const id = useId();
  const published = item?.status === 'published';
  const [v, setV] = useState<Values>(() => valuesOf(item));
  const [thumbnail, setThumbnail] = useState<Slot[]>(() =>
    heldSlots(item?.thumbnail ? [item.thumbnail] : []),
  );
  const [images, setImages] = useState<Slot[]>(() => heldSlots(item?.images ?? []));
  const [zip, setZip] = useState<Slot[]>(() => heldSlots(item?.zip ? [item.zip] : []));
  const [video, setVideo] = useState<Slot[]>(() => heldSlots(item?.video ? [item.video] : []));
  const [samples, setSamples] = useState<Slot[]>(() => heldSlots(item?.samples ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<Message | null>(null);
  const [busy, setBusy] = useState<'draft' | 'published' | null>(null);

  /** A changed field's message goes (the next save checks it again). */
  const clearErrors = (name: string) => {
    setFormError((f) => (f?.key === 'items.form.fixErrors' ? null : f));
    setErrors((prev) => {
      const stale = Object.keys(prev).filter((p) => p === name || p.startsWith(`${name}.`));
      if (stale.length === 0) return prev;
      const next = { ...prev };
      for (const p of stale) delete next[p];
      return next;
    });
  };
  const set = <K extends keyof Values>(k: K, value: Values[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    clearErrors(k === 'item_type' ? 'images' : k);
  };
  const slotSetter =
    (name: string, setter: (f: (s: Slot[]) => Slot[]) => void): SetSlots =>
    (update) => {
      setter(update);
      clearErrors(name);
    };
  const all = [thumbnail, images, zip, video, samples].flat();
  const uploading = all.some((s) => s.progress !== null);
  const failed = all.some((s) => s.error !== null);
  const err = (path: string) => errors[path];
  const messageParams = { ...shopMessageParams, ...localizeParams(lang, shopMessageParams) };
  /** A field's message below it (numbers as the reader writes them: 1,000,000). */
  const errorLine = (fieldId: string, path: string) =>
    err(path) ? (
      <p id={`${fieldId}-error`} className="field__error" role="alert">
        {t(err(path) as string, messageParams)}
      </p>
    ) : null;
  const lockedNote = t('items.form.locked');
  const pricePoints = /^\d+$/.test(v.price) ? pointsOfPrice(Number(v.price)) : null;

  const submit = async (status: 'draft' | 'published') => {
    setFormError(null);
    if (uploading) {
      setFormError({ key: 'items.form.waitUploads' });
      return;
    }
    if (failed) {
      setFormError({ key: 'items.form.fixErrors' });
      return;
    }
    const body = buildBody(item, status, v, { thumbnail, images, zip, video, samples });
    const local = issuesOf(body, item);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setFormError({ key: 'items.form.fixErrors' });
      focusFirstError();
      return;
    }
    setBusy(status);
    try {
      const result = await saveItem(body as ItemSaveRequest);
      if (!result) return;
      if (!result.ok) {
        const server: Record<string, string> = {};
        for (const i of result.body.issues ?? []) server[i.path || '_form'] ??= i.message;
        setErrors(server);
        setFormError({ key: server._form ?? 'items.form.fixErrors' });
        focusFirstError();
        return;
      }
      onSaved(result.data, status);
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`#${CSS.escape(id)}-form [aria-invalid="true"]`)?.focus(),
    );

  const textField = (name: 'name', label: string, required = false) => (
    <TextField
      label={label}
      required={required}
      value={v[name]}
      error={err(name)}
      maxLength={shopMessageParams.name_max * 2}
      onChange={(e) => set(name, e.currentTarget.value)}
    />
  );

  const checkbox = (name: 'show_stock' | 'sensitive' | 'is_public', label: string, locked: boolean) => (
    <div>
      <label className="choice">
        <input
          type="checkbox"
          checked={v[name]}
          disabled={locked}
          onChange={(e) => set(name, e.currentTarget.checked)}
          aria-describedby={locked ? `${id}-${name}-locked` : undefined}
        />
        <span className="choice__label">{label}</span>
      </label>
      {locked ? (
        <p className="field__hint" id={`${id}-${name}-locked`}>
          {lockedNote}
        </p>
      ) : null}
    </div>
  );

  const descId = `${id}-description`;
  const priceId = `${id}-price`;
  const priceHint = t('items.form.priceHint', localizeParams(lang, shopMessageParams));
  const stockId = `${id}-stock`;
  const stockHint =
    published && item?.stock !== null
      ? t('items.form.stockKeepHint', { count: item?.stock ?? 0 })
      : undefined;
  const lowId = `${id}-low`;
  const openId = `${id}-open`;
  const closeId = `${id}-close`;

  return (
    <form
      id={`${id}-form`}
      className="form item-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(published ? 'published' : 'draft');
      }}
    >
      <p className="item-form__status">
        <span className={`shop-badge shop-badge--${published ? 'on_sale' : 'draft'}`}>
          {published ? t('items.form.statusPublished') : t('items.form.statusDraft')}
        </span>
        {draftCount}
      </p>
      {published ? <Alert kind="info">{t('items.form.lockedNote')}</Alert> : null}

      <fieldset
        className="choice-group choice-group--row"
        aria-describedby={published ? `${id}-type-locked` : undefined}
      >
        <legend className="field__label">{t('items.form.type')}</legend>
        {itemTypes.map((type) => (
          <label key={type} className="choice">
            <input
              type="radio"
              name={`${id}-type`}
              value={type}
              checked={v.item_type === type}
              disabled={published}
              onChange={() => set('item_type', type)}
            />
            <span className="choice__label">{t(`items.form.types.${type}`)}</span>
          </label>
        ))}
        {published ? (
          <p className="field__hint" id={`${id}-type-locked`}>
            {lockedNote}
          </p>
        ) : null}
      </fieldset>

      {textField('name', t('items.form.name'), true)}

      <FieldShell
        id={descId}
        label={t('items.form.description')}
        error={err('description')}
        hint={published ? lockedNote : undefined}
        required
      >
        <textarea
          id={descId}
          className="textarea"
          rows={5}
          value={v.description}
          disabled={published}
          aria-invalid={err('description') ? true : undefined}
          aria-describedby={describedBy(descId, published, err('description'))}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
      </FieldShell>

      <FieldShell
        id={priceId}
        label={t('items.form.price')}
        hint={priceHint}
        required
        after={
          <>
            {errorLine(priceId, 'price')}
            {pricePoints !== null && Number.isInteger(pricePoints) ? (
              <p className="muted small">
                {t('items.form.points', { points: formatNumber(lang, pricePoints) })}
              </p>
            ) : null}
          </>
        }
      >
        <input
          id={priceId}
          className="input"
          type="number"
          inputMode="numeric"
          min={shopMessageParams.price_min}
          max={shopMessageParams.price_max}
          step={shopMessageParams.price_unit}
          value={v.price}
          aria-invalid={err('price') ? true : undefined}
          aria-describedby={describedBy(priceId, priceHint, err('price'))}
          onChange={(e) => set('price', e.currentTarget.value)}
        />
      </FieldShell>

      <FileSlots
        label={t('items.form.thumbnail')}
        purpose="itemThumbnail"
        slots={thumbnail}
        setSlots={slotSetter('thumbnail', setThumbnail)}
        max={1}
        locked={published}
        lockedNote={lockedNote}
        name="thumbnail"
        errors={errors}
      />

      {v.item_type === 'photo' ? (
        <>
          <FileSlots
            label={t('items.form.images')}
            hint={t('items.form.imagesHint')}
            purpose="itemImage"
            slots={images}
            setSlots={slotSetter('images', setImages)}
            max={shopMessageParams.images_max}
            sortable
            locked={published}
            lockedNote={lockedNote}
            name="images"
            errors={errors}
          />
          <FileSlots
            label={t('items.form.zip')}
            purpose="itemZip"
            slots={zip}
            setSlots={slotSetter('zip', setZip)}
            max={1}
            locked={published}
            lockedNote={lockedNote}
            name="zip"
            errors={errors}
          />
        </>
      ) : null}
      {v.item_type === 'video' ? (
        <FileSlots
          label={t('items.form.video')}
          purpose="itemVideo"
          slots={video}
          setSlots={slotSetter('video', setVideo)}
          max={1}
          locked={published}
          lockedNote={lockedNote}
          name="video"
          errors={errors}
        />
      ) : null}
      <FileSlots
        label={t('items.form.samples')}
        hint={t('items.form.samplesHint', { sample_max: shopMessageParams.sample_max })}
        purpose="sample"
        slots={samples}
        setSlots={slotSetter('samples', setSamples)}
        max={shopMessageParams.sample_max}
        name="samples"
        errors={errors}
      />

      <FieldShell id={openId} label={t('items.form.openAt')} error={err('open_at')} required>
        <input
          id={openId}
          className="input"
          type="datetime-local"
          value={v.open_at}
          aria-invalid={err('open_at') ? true : undefined}
          aria-describedby={describedBy(openId, false, err('open_at'))}
          onChange={(e) => set('open_at', e.currentTarget.value)}
        />
      </FieldShell>
      <FieldShell
        id={closeId}
        label={t('items.form.closeAt')}
        hint={t('items.form.closeAtHint')}
        error={err('close_at')}
      >
        <input
          id={closeId}
          className="input"
          type="datetime-local"
          value={v.close_at}
          aria-invalid={err('close_at') ? true : undefined}
          aria-describedby={describedBy(closeId, true, err('close_at'))}
          onChange={(e) => set('close_at', e.currentTarget.value)}
        />
      </FieldShell>

      <fieldset className="choice-group" aria-describedby={published ? `${id}-stock-locked` : undefined}>
        <legend className="field__label">{t('items.form.stock')}</legend>
        {(['unlimited', 'limited'] as const).map((mode) => (
          <label key={mode} className="choice">
            <input
              type="radio"
              name={`${id}-stock-mode`}
              value={mode}
              checked={v.stock_mode === mode}
              disabled={published}
              onChange={() => set('stock_mode', mode)}
            />
            <span className="choice__label">
              {mode === 'unlimited' ? t('items.form.stockUnlimited') : t('items.form.stockLimited')}
            </span>
          </label>
        ))}
        {published ? (
          <p className="field__hint" id={`${id}-stock-locked`}>
            {lockedNote}
          </p>
        ) : null}
      </fieldset>
      {v.stock_mode === 'limited' ? (
        <FieldShell
          id={stockId}
          label={t('items.form.stockCount')}
          hint={stockHint}
          after={errorLine(stockId, 'stock')}
        >
          <input
            id={stockId}
            className="input"
            type="number"
            inputMode="numeric"
            min={0}
            max={shopMessageParams.stock_max}
            step={1}
            value={v.stock}
            aria-invalid={err('stock') ? true : undefined}
            aria-describedby={describedBy(stockId, stockHint, err('stock'))}
            onChange={(e) => set('stock', e.currentTarget.value)}
          />
        </FieldShell>
      ) : null}
      {checkbox('show_stock', t('items.form.showStock'), published)}
      <FieldShell
        id={lowId}
        label={t('items.form.lowStock')}
        hint={published ? lockedNote : t('items.form.lowStockHint')}
        error={err('low_stock_threshold')}
      >
        <input
          id={lowId}
          className="input"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={v.low_stock_threshold}
          disabled={published}
          aria-invalid={err('low_stock_threshold') ? true : undefined}
          aria-describedby={describedBy(lowId, true, err('low_stock_threshold'))}
          onChange={(e) => set('low_stock_threshold', e.currentTarget.value)}
        />
      </FieldShell>
      {checkbox('sensitive', t('items.form.sensitive'), published)}
      {checkbox('is_public', t('items.form.isPublic'), false)}

      <div aria-live="polite">
        {formError ? (
          <Alert kind="error">
            {t(formError.key, { ...shopMessageParams, ...localizeParams(lang, formError.params) })}
          </Alert>
        ) : null}
      </div>
      <div className="item-form__actions">
        {published ? (
          <Button type="submit" busy={busy !== null} busyLabel={t('items.form.saving')}>
            {t('items.form.saveChanges')}
          </Button>
        ) : (
          <>
            <Button
              variant="secondary"
              busy={busy === 'draft'}
              disabled={busy !== null}
              busyLabel={t('items.form.saving')}
              onClick={() => void submit('draft')}
            >
              {t('items.form.saveDraft')}
            </Button>
            <Button
              busy={busy === 'published'}
              disabled={busy !== null}
              busyLabel={t('items.form.saving')}
              onClick={() => void submit('published')}
            >
              {t('items.form.publish')}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
