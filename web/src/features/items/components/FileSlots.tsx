/**
 * A file field of the item form: the picked files straight to S3 (presigned POST from
 * `POST /item/upload-url`) with a progress bar each, a failed upload naming its file, and, for
 * the images, the order by drag (@dnd-kit, keyboard too) or by the Up/Down buttons. The fan club's
 * post form uses it too, with its own upload URL (`requestTarget`) and message parameters.
 */
import type { MediaPurposeName } from '@app/shared/media';
import { shopMessageParams } from '@app/shared/shop';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/SubmitButton.tsx';
import { uploadWithProgress } from '../../../lib/upload.ts';
import { itemUploadUrl } from '../api/itemUploadUrl.ts';
import { acceptOf, fileProblem, maxMegabytesOf, moved } from '../model.ts';

/** One file of a field: kept from the item (`key` processed), or picked here (uploading, done or failed). */
export interface Slot {
  id: string;
  /** The processed key the item holds, or the upload key once the upload is done. */
  key: string | null;
  /** A key uploaded in this form (sent with its file name). */
  fresh: boolean;
  name: string;
  /** A picture to show (an image's own URL or a local preview). */
  preview: string | null;
  /** 0 to 1 while uploading. */
  progress: number | null;
  /** An i18n key and its params when the file cannot be used. */
  error: { key: string; params: Record<string, string | number> } | null;
}

/** The presigned POST of one picked file (the item form's by default). */
export type TargetRequest = (purpose: MediaPurposeName, file: File) => ReturnType<typeof itemUploadUrl>;
const itemTarget: TargetRequest = (purpose, file) =>
  itemUploadUrl({
    purpose: purpose as Parameters<typeof itemUploadUrl>[0]['purpose'],
    content_type: file.type,
    file_name: file.name.slice(0, 200),
  });

let counter = 0;
const slotId = () => `slot-${++counter}`;

export type SetSlots = (update: (slots: Slot[]) => Slot[]) => void;

/** Uploads one picked file into its slot (added by the caller), updating progress and the result. */
export async function uploadInto(
  purpose: MediaPurposeName,
  file: File,
  id: string,
  setSlots: SetSlots,
  requestTarget: TargetRequest = itemTarget,
) {
  const patch = (p: Partial<Slot>) =>
    setSlots((slots) => slots.map((s) => (s.id === id ? { ...s, ...p } : s)));
  const problem = fileProblem(purpose, file);
  if (problem) {
    patch({
      progress: null,
      error: {
        key: problem === 'type' ? 'items.form.fileType' : 'items.form.fileSize',
        params: { name: file.name, max: maxMegabytesOf(purpose) },
      },
    });
    return;
  }
  try {
    const target = await requestTarget(purpose, file);
    if (!target) return;
    if (!target.ok) throw new Error('upload-url refused');
    await uploadWithProgress(target.data, file, (share) => patch({ progress: share }));
    patch({ key: target.data.key, progress: null, error: null });
  } catch {
    patch({ progress: null, error: { key: 'items.form.uploadFailed', params: { name: file.name } } });
  }
}

/** New slots for picked files (uploads start at once). */
export function pickFiles(
  purpose: MediaPurposeName,
  files: File[],
  setSlots: SetSlots,
  replace: boolean,
  requestTarget: TargetRequest = itemTarget,
) {
  const added = files.map(
    (f): Slot => ({
      id: slotId(),
      key: null,
      fresh: true,
      name: f.name,
      preview:
        f.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
          ? URL.createObjectURL(f)
          : null,
      progress: 0,
      error: null,
    }),
  );
  setSlots((slots) => (replace ? added : [...slots, ...added]));
  added.forEach((s, i) => void uploadInto(purpose, files[i] as File, s.id, setSlots, requestTarget));
}

/** Slots of the files an item holds. */
export const heldSlots = (
  files: { key: string; url: string | null; name: string | null; content_type: string }[],
) =>
  files.map(
    (f): Slot => ({
      id: slotId(),
      key: f.key,
      fresh: false,
      name: f.name ?? f.key.split('/').slice(-2).join('/'),
      preview: f.content_type.startsWith('image/') ? f.url : null,
      progress: null,
      error: null,
    }),
  );

interface RowProps {
  slot: Slot;
  index: number;
  count: number;
  sortable: boolean;
  removable: boolean;
  serverError: string | undefined;
  messageParams: Record<string, string | number>;
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
}

function SlotRow({
  slot,
  index,
  count,
  sortable,
  removable,
  serverError,
  messageParams,
  onMove,
  onRemove,
}: RowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: slot.id,
    disabled: !sortable,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`file-slot${isDragging ? ' file-slot--dragging' : ''}${slot.error || serverError ? ' file-slot--error' : ''}`}
      data-testid="file-slot"
    >
      <div className="file-slot__main">
        {sortable ? (
          <button
            type="button"
            className="file-slot__handle"
            aria-label={t('items.form.dragFile', { name: slot.name })}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        ) : null}
        {slot.preview ? (
          <img className="file-slot__preview" src={slot.preview} alt="" width={56} height={56} />
        ) : (
          <span className="file-slot__preview file-slot__preview--file" aria-hidden="true" />
        )}
        <span className="file-slot__name">{slot.name}</span>
      </div>
      {slot.progress !== null ? (
        <progress
          className="file-slot__progress"
          max={1}
          value={slot.progress}
          aria-label={t('items.form.uploading', { name: slot.name })}
        />
      ) : null}
      {slot.error || serverError ? (
        <p className="field__error" role="alert">
          {slot.error
            ? t(slot.error.key, slot.error.params)
            : t(serverError as string, { ...messageParams, name: slot.name })}
        </p>
      ) : null}
      <div className="file-slot__actions">
        {sortable ? (
          <>
            <Button
              variant="secondary"
              disabled={index === 0}
              aria-label={t('items.form.moveUpFile', { name: slot.name })}
              onClick={() => onMove(index, index - 1)}
            >
              {t('items.form.moveUp')}
            </Button>
            <Button
              variant="secondary"
              disabled={index === count - 1}
              aria-label={t('items.form.moveDownFile', { name: slot.name })}
              onClick={() => onMove(index, index + 1)}
            >
              {t('items.form.moveDown')}
            </Button>
          </>
        ) : null}
        {removable ? (
          <Button
            variant="secondary"
            aria-label={t('items.form.removeFile', { name: slot.name })}
            onClick={() => onRemove(slot.id)}
          >
            {t('items.form.remove')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export interface FileSlotsProps {
  label: string;
  hint?: ReactNode;
  purpose: MediaPurposeName;
  slots: Slot[];
  setSlots: SetSlots;
  /** How many files the field takes (1: a new pick replaces the file). */
  max: number;
  /** Reorder by drag and by buttons. */
  sortable?: boolean;
  /** Locked after publishing: nothing added or removed (order may still change). */
  locked?: boolean;
  lockedNote?: string;
  /** The field's issues: `errors[name]` on the field, `errors[name.i]` on a file. */
  name: string;
  errors: Record<string, string>;
  /** The upload URL of the form's purposes (default: the item form's). */
  requestTarget?: TargetRequest;
  /** Parameters of the field's messages (default: the shop's). */
  messageParams?: Record<string, string | number>;
}

export function FileSlots({
  label,
  hint,
  purpose,
  slots,
  setSlots,
  max,
  sortable = false,
  locked = false,
  lockedNote,
  name,
  errors,
  requestTarget = itemTarget,
  messageParams = shopMessageParams,
}: FileSlotsProps) {
  const { t } = useTranslation();
  const id = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => setSlots((s) => moved(s, from, to));
  const remove = (slotIdToRemove: string) => setSlots((s) => s.filter((x) => x.id !== slotIdToRemove));
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    setSlots((s) =>
      moved(
        s,
        s.findIndex((x) => x.id === e.active.id),
        s.findIndex((x) => x.id === e.over?.id),
      ),
    );
  };
  const nameOf = (slot: string | number) => slots.find((s) => s.id === slot)?.name ?? '';
  const positionOf = (slot: string | number) => slots.findIndex((s) => s.id === slot) + 1;
  const fieldError = errors[name];
  const canAdd = !locked && (max === 1 || slots.length < max);
  const rows = (
    <ul className="file-slots__list" aria-labelledby={`${id}-label`}>
      {slots.map((s, i) => (
        <SlotRow
          key={s.id}
          slot={s}
          index={i}
          count={slots.length}
          sortable={sortable && slots.length > 1}
          removable={!locked}
          serverError={errors[`${name}.${i}`]}
          messageParams={messageParams}
          onMove={move}
          onRemove={remove}
        />
      ))}
    </ul>
  );
  return (
    <fieldset className={`file-slots${fieldError ? ' field--error' : ''}`} aria-describedby={`${id}-hint`}>
      <legend id={`${id}-label`} className="field__label">
        {label}
      </legend>
      {hint || (locked && lockedNote) ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
          {locked && lockedNote ? <span className="file-slots__locked"> {lockedNote}</span> : null}
        </p>
      ) : null}
      {slots.length > 0 ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t('items.form.dragInstructions') },
            announcements: {
              onDragStart: ({ active }) => t('items.form.dragStart', { name: nameOf(active.id) }),
              onDragOver: ({ active, over }) =>
                over
                  ? t('items.form.dragOver', { name: nameOf(active.id), position: positionOf(over.id) })
                  : undefined,
              onDragEnd: ({ active, over }) =>
                over
                  ? t('items.form.dragEnd', { name: nameOf(active.id), position: positionOf(over.id) })
                  : undefined,
              onDragCancel: () => t('items.form.dragCancel'),
            },
          }}
        >
          <SortableContext items={slots.map((s) => s.id)} strategy={rectSortingStrategy}>
            {rows}
          </SortableContext>
        </DndContext>
      ) : null}
      {fieldError ? (
        <p className="field__error" role="alert" data-field={name}>
          {t(fieldError, messageParams)}
        </p>
      ) : null}
      {canAdd ? (
        <label className="btn btn--secondary file-slots__pick">
          {slots.length > 0 && max > 1 ? t('items.form.pickMore') : t('items.form.pick')}
          <input
            type="file"
            className="visually-hidden"
            accept={acceptOf(purpose)}
            multiple={max > 1}
            data-testid={`file-${name}`}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])].slice(0, max === 1 ? 1 : max - slots.length);
              e.currentTarget.value = '';
              if (files.length > 0) pickFiles(purpose, files, setSlots, max === 1, requestTarget);
            }}
          />
        </label>
      ) : null}
    </fieldset>
  );
}
