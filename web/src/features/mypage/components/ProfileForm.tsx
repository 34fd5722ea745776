import { businessConfig } from '@app/shared/config';
import { type ProfileView, profileUpdateRequest } from '@app/shared/schemas/mypage';
import { usernameSchema } from '@app/shared/validation';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { validationValues } from '../../../lib/i18n.ts';
import { useForm } from '../../../lib/useForm.ts';
import { checkUsername } from '../api/checkUsername.ts';
import { updateProfile } from '../api/updateProfile.ts';

const L = businessConfig.limits;
const A = businessConfig.areas;
const CHECK_DELAY_MS = 500;

/** Area codes in display order: private, the 47 prefectures (JIS X 0401), outside Japan. */
export const areaCodes: number[] = [
  A.private,
  ...Array.from({ length: A.prefectureMax - A.prefectureMin + 1 }, (_, i) => A.prefectureMin + i),
  A.abroad,
];

type Availability = 'idle' | 'checking' | 'available' | 'taken';

/** Username availability, checked while typing (debounced) once the format is valid. */
function useUsernameAvailability(username: string, own: string | null): Availability {
  const [state, setState] = useState<Availability>('idle');
  useEffect(() => {
    const trimmed = username.trim();
    if (!usernameSchema.safeParse(trimmed).success || trimmed === own) {
      setState('idle');
      return;
    }
    setState('checking');
    let cancelled = false;
    const timer = setTimeout(() => {
      checkUsername({ username: trimmed })
        .then((result) => {
          if (cancelled) return;
          if (result?.ok) setState(result.data.available ? 'available' : 'taken');
          else setState('idle');
        })
        .catch(() => {
          if (!cancelled) setState('idle');
        });
    }, CHECK_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [username, own]);
  return state;
}

/** Profile information: sign-up STEP.1 and the account profile tab. */
export function ProfileForm({
  initial,
  submitLabel,
  onSaved,
}: {
  initial: ProfileView | null;
  submitLabel: string;
  onSaved: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useForm();
  const areaId = useId();
  const bioId = useId();
  const [username, setUsername] = useState(initial?.username ?? '');
  const [nickname, setNickname] = useState(initial?.nickname ?? '');
  const [genre, setGenre] = useState(initial?.genre ?? '');
  const [bio, setBio] = useState(initial?.bio ?? '');
  const [area, setArea] = useState(initial?.area ?? A.private);
  const availability = useUsernameAvailability(username, initial?.username ?? null);

  const usernameError =
    form.errors.username ?? (availability === 'taken' ? 'validation.usernameTaken' : undefined);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(profileUpdateRequest, {
      username,
      nickname,
      genre,
      bio,
      area,
      is_anonymous_open_log: initial?.is_anonymous_open_log ?? false,
      is_hide_supporter_ranking: initial?.is_hide_supporter_ranking ?? false,
    });
    if (!body) return;
    if (availability === 'taken') {
      form.setErrors({ username: 'validation.usernameTaken' });
      return;
    }
    void form.submit(
      () => updateProfile(body),
      () => onSaved(),
    );
  };

  const change = (field: string, set: (v: string) => void) => (v: string) => {
    set(v);
    form.clearError(field);
  };

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
      <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
      <TextField
        label={t('mypage.profile.username')}
        hint={t('mypage.profile.usernameHint', validationValues)}
        name="username"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        required
        maxLength={L.usernameMax}
        value={username}
        error={usernameError}
        onChange={(e) => change('username', setUsername)(e.target.value)}
        after={
          availability === 'checking' ? (
            <p className="field__status" role="status">
              {t('mypage.profile.checking')}
            </p>
          ) : availability === 'available' ? (
            <p className="field__status field__status--ok" role="status">
              {t('mypage.profile.available')}
            </p>
          ) : null
        }
      />
      <TextField
        label={t('mypage.profile.nickname')}
        name="nickname"
        autoComplete="nickname"
        required
        maxLength={L.nicknameMax}
        value={nickname}
        error={form.errors.nickname}
        onChange={(e) => change('nickname', setNickname)(e.target.value)}
      />
      <TextField
        label={t('mypage.profile.genre')}
        name="genre"
        placeholder={t('mypage.profile.genrePlaceholder')}
        hint={t('common.charCount', { count: genre.length, max: L.genreMax })}
        value={genre}
        error={form.errors.genre}
        onChange={(e) => change('genre', setGenre)(e.target.value)}
      />
      <FieldShell
        id={bioId}
        label={t('mypage.profile.bio')}
        hint={t('common.charCount', { count: bio.length, max: L.bioMax })}
        error={form.errors.bio}
      >
        <textarea
          id={bioId}
          name="bio"
          className="textarea"
          value={bio}
          aria-invalid={form.errors.bio ? true : undefined}
          aria-describedby={describedBy(bioId, true, form.errors.bio)}
          onChange={(e) => change('bio', setBio)(e.target.value)}
        />
      </FieldShell>
      <FieldShell
        id={areaId}
        label={t('mypage.profile.area')}
        hint={t('mypage.profile.areaHint')}
        error={form.errors.area}
      >
        <select
          id={areaId}
          name="area"
          className="select"
          value={area}
          aria-invalid={form.errors.area ? true : undefined}
          aria-describedby={describedBy(areaId, true, form.errors.area)}
          onChange={(e) => {
            setArea(Number(e.target.value));
            form.clearError('area');
          }}
        >
          {areaCodes.map((code) => (
            <option key={code} value={code}>
              {t(`areas.${code}`)}
            </option>
          ))}
        </select>
      </FieldShell>
      <Button
        type="submit"
        className="btn--block"
        busy={form.busy}
        busyLabel={t('common.actions.saving')}
        disabled={availability === 'checking'}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
