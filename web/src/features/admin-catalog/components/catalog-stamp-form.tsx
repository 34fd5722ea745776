/**
 * The form of a stamp (console, issue 17): a new one (id, names, cost, order, picture) or an
 * edit of one (the same without the id, conditional on the version it was read at). Checked by
 * the contract's schema; the server's 422 issues land on their fields, a 409 above the form.
 */
import { businessConfig } from '@app/shared/config';
import {
  type AdminStampView,
  type StampCreateRequest,
  type StampUpdateRequest,
  stampCreateRequest,
  stampUpdateRequest,
} from '@app/shared/schemas/admin-catalog';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { createStamp, updateStamp } from '../api/catalog-stamps.ts';
import { StampPictureField } from './catalog-stamp-picture.tsx';

const C = businessConfig.admin.catalog;

interface Props {
  /** The stamp edited; null: a new one. */
  stamp: AdminStampView | null;
  /** Its picture as shown in the list (uploaded, or bundled). */
  pictureSrc: string | null;
  /** The order a new stamp gets by default (after the last). */
  nextOrder: number;
  onSaved: (stamp: AdminStampView, created: boolean) => void;
  onCancel: () => void;
}

export function StampForm(props: Props) {
  return props.stamp ? <EditForm {...props} stamp={props.stamp} /> : <CreateForm {...props} />;
}

function useHeadingFocus() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

function CreateForm({ nextOrder, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useHeadingFocus();
  const [uploading, setUploading] = useState(false);
  const { form, submit, errorOf, formError, busy } = useApiForm(stampCreateRequest, {
    id: '',
    name_ja: '',
    name_en: '',
    order: nextOrder,
  } as Partial<StampCreateRequest>);
  const picture = form.watch('picture_upload_key');
  const onSubmit = submit(createStamp, (res) => onSaved(res.stamp, true));
  return (
    <form onSubmit={onSubmit} noValidate className="form catalog-form" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} ref={heading} tabIndex={-1} className="catalog-form__heading">
        {t('admin.catalog.stamps.form.createHeading')}
      </h3>
      <Alert kind="error">
        {formError ? t(formError.key, { ...validationValues, ...formError.params }) : null}
      </Alert>
      <TextField
        label={t('admin.catalog.stamps.form.id')}
        hint={t('admin.catalog.stamps.form.idHint')}
        required
        autoComplete="off"
        spellCheck={false}
        error={errorOf('id')}
        {...form.register('id')}
      />
      <StampFields form={form as never} errorOf={errorOf as never} />
      <StampPictureField
        current={null}
        value={picture}
        onChange={(key) => {
          form.clearErrors('picture_upload_key');
          form.setValue('picture_upload_key', key, { shouldDirty: true });
        }}
        error={errorOf('picture_upload_key')}
        onUploading={setUploading}
      />
      <div className="catalog-form__actions">
        <Button type="submit" busy={busy} disabled={uploading} busyLabel={t('common.actions.sending')}>
          {t('admin.catalog.stamps.form.create')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('admin.catalog.stamps.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

function EditForm({ stamp, pictureSrc, onSaved, onCancel }: Props & { stamp: AdminStampView }) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useHeadingFocus();
  const [uploading, setUploading] = useState(false);
  const { form, submit, errorOf, formError, busy } = useApiForm(stampUpdateRequest, {
    id: stamp.id,
    version: stamp.version,
    name_ja: stamp.name.ja,
    name_en: stamp.name.en,
    cost: stamp.cost,
    order: stamp.order,
  } as Partial<StampUpdateRequest>);
  const picture = form.watch('picture_upload_key');
  const onSubmit = submit(updateStamp, (res) => onSaved(res.stamp, false));
  return (
    <form onSubmit={onSubmit} noValidate className="form catalog-form" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} ref={heading} tabIndex={-1} className="catalog-form__heading">
        {t('admin.catalog.stamps.form.editHeading', { name: stamp.name.ja })}
      </h3>
      <Alert kind="error">
        {formError ? t(formError.key, { ...validationValues, ...formError.params }) : null}
      </Alert>
      <TextField label={t('admin.catalog.stamps.form.id')} readOnly value={stamp.id} />
      <StampFields form={form as never} errorOf={errorOf as never} />
      <StampPictureField
        current={pictureSrc}
        value={picture}
        onChange={(key) => {
          form.clearErrors('picture_upload_key');
          form.setValue('picture_upload_key', key, { shouldDirty: true });
        }}
        error={errorOf('picture_upload_key')}
        onUploading={setUploading}
      />
      <div className="catalog-form__actions">
        <Button type="submit" busy={busy} disabled={uploading} busyLabel={t('common.actions.sending')}>
          {t('admin.catalog.stamps.form.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('admin.catalog.stamps.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

type FieldsForm = ReturnType<typeof useApiForm<StampUpdateRequest, StampUpdateRequest>>['form'];

/** Names, cost and order: the same on both forms. */
function StampFields({
  form,
  errorOf,
}: {
  form: FieldsForm;
  errorOf: (name: keyof StampUpdateRequest) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="catalog-form__pair">
        <TextField
          label={t('admin.catalog.stamps.form.nameJa')}
          hint={t('admin.catalog.stamps.form.nameHint', { max: C.stampNameMax })}
          required
          lang="ja"
          error={errorOf('name_ja')}
          {...form.register('name_ja')}
        />
        <TextField
          label={t('admin.catalog.stamps.form.nameEn')}
          hint={t('admin.catalog.stamps.form.nameHint', { max: C.stampNameMax })}
          required
          lang="en"
          error={errorOf('name_en')}
          {...form.register('name_en')}
        />
      </div>
      <div className="catalog-form__pair">
        <TextField
          label={t('admin.catalog.stamps.form.cost')}
          hint={t('admin.catalog.stamps.form.costHint', { min: C.stampCost.min, max: C.stampCost.max })}
          required
          type="number"
          inputMode="numeric"
          min={C.stampCost.min}
          max={C.stampCost.max}
          error={errorOf('cost')}
          {...form.register('cost', { valueAsNumber: true })}
        />
        <TextField
          label={t('admin.catalog.stamps.form.order')}
          hint={t('admin.catalog.stamps.form.orderHint', { max: C.orderMax })}
          required
          type="number"
          inputMode="numeric"
          min={0}
          max={C.orderMax}
          error={errorOf('order')}
          {...form.register('order', { valueAsNumber: true })}
        />
      </div>
    </>
  );
}
