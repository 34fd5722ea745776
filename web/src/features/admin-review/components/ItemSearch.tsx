import { ULID_RE, USERNAME_RE } from '@app/shared/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';

const REQUIRED = 'admin.catalog.review.items.searchRequired';

/** An item id (ULID) or a creator's username; anything else is refused on the field. */
const searchSchema = z.object({
  q: z.string().check(
    z.overwrite((s) => s.normalize('NFKC').trim()),
    z.refine((s) => ULID_RE.test(s.toUpperCase()) || USERNAME_RE.test(s), REQUIRED),
  ),
});
type Search = z.infer<typeof searchSchema>;

/** Finds an item by id or a creator's items by username. */
export function ItemSearch({
  initial,
  onItem,
  onCreator,
}: {
  initial: string;
  onItem: (id: string) => void;
  onCreator: (username: string) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Search>({
    resolver: zodResolver(searchSchema as never) as never,
    defaultValues: { q: initial },
  });
  const error = form.formState.errors.q?.message;
  return (
    <form
      className="review-search"
      noValidate
      onSubmit={form.handleSubmit(({ q }) => {
        if (ULID_RE.test(q.toUpperCase())) onItem(q.toUpperCase());
        else onCreator(q);
      })}
    >
      <TextField
        label={t('admin.catalog.review.items.searchLabel')}
        hint={t('admin.catalog.review.items.searchHint')}
        error={error}
        autoCapitalize="off"
        spellCheck={false}
        {...form.register('q')}
      />
      <Button type="submit">{t('admin.catalog.review.items.searchButton')}</Button>
    </form>
  );
}
