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
import { type BaseSyntheticEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
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

function CreateForm({ nextOrder, onSaved, onCancel }: Props) {
  const { t } = useTranslation();
  const api = useApiForm(stampCreateRequest, {
    id: '',
    name_ja: '',
    name_en: '',
    order: nextOrder,
  } as Partial<StampCreateRequest>);
  return (
    <StampFormFrame
      {...(api as unknown as FrameApi)}
      onSubmit={api.submit(createStamp, (res) => onSaved(res.stamp, true))}
      title={t('admin.catalog.stamps.form.createHeading')}
      idField={
        <TextField
          label={t('admin.catalog.stamps.form.id')}
          hint={t('admin.catalog.stamps.form.idHint')}
          required
          autoComplete="off"
          spellCheck={false}
          error={api.errorOf('id')}
          {...api.form.register('id')}
        />
      }
      currentPicture={null}
      submitLabel={t('admin.catalog.stamps.form.create')}
      onCancel={onCancel}
    />
  );
}

function EditForm({ stamp, pictureSrc, onSaved, onCancel }: Props & { stamp: AdminStampView }) {
  const { t } = useTranslation();
  const api = useApiForm(stampUpdateRequest, {
    id: stamp.id,
    version: stamp.version,
    name_ja: stamp.name.ja,
    name_en: stamp.name.en,
    cost: stamp.cost,
    order: stamp.order,
  } as Partial<StampUpdateRequest>);
  return (
    <StampFormFrame
      {...(api as unknown as FrameApi)}
      onSubmit={api.submit(updateStamp, (res) => onSaved(res.stamp, false))}
      title={t('admin.catalog.stamps.form.editHeading', { name: stamp.name.ja })}
      idField={<TextField label={t('admin.catalog.stamps.form.id')} readOnly value={stamp.id} />}
      currentPicture={pictureSrc}
      submitLabel={t('admin.catalog.stamps.form.save')}
      onCancel={onCancel}
    />
  );
}

type FieldsForm = ReturnType<typeof useApiForm<StampUpdateRequest, StampUpdateRequest>>['form'];
/** What both forms' frame uses of `useApiForm` (the fields both schemas have). */
type FrameApi = Pick<
  ReturnType<typeof useApiForm<StampUpdateRequest, StampUpdateRequest>>,
  'form' | 'errorOf' | 'formError' | 'busy'
>;

/** The heading, the form's message, the id, the shared fields, the picture and the buttons. */
function StampFormFrame({
  form,
  errorOf,
  formError,
  busy,
  onSubmit,
  title,
  idField,
  currentPicture,
  submitLabel,
  onCancel,
}: FrameApi & {
  onSubmit: (e?: BaseSyntheticEvent) => Promise<void>;
  title: string;
  idField: ReactNode;
  currentPicture: string | null;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [uploading, setUploading] = useState(false);
  const picture = form.watch('picture_upload_key');
  return (
    <form onSubmit={onSubmit} noValidate className="form catalog-form" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} ref={heading} tabIndex={-1} className="catalog-form__heading">
        {title}
      </h3>
      <Alert kind="error">
        {formError ? t(formError.key, { ...validationValues, ...formError.params }) : null}
      </Alert>
      {idField}
      <StampFields form={form} errorOf={errorOf} />
      <StampPictureField
        current={currentPicture}
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
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('admin.catalog.stamps.form.cancel')}
        </Button>
      </div>
    </form>
  );
}

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
