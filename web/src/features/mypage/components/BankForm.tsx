import { businessConfig } from '@app/shared/config';
import { accountTypes, type BankView, bankRequest } from '@app/shared/schemas/mypage';
import { type Ref, useEffect, useId, useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { useApiForm } from '../../../lib/apiForm.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { toFullWidthKatakana } from '../../../lib/kana.ts';
import { searchBanks } from '../api/searchBanks.ts';
import { searchBranches } from '../api/searchBranches.ts';
import { updateBank } from '../api/updateBank.ts';

const SEARCH_DELAY_MS = 300;

interface Choice {
  code: string;
  name: string;
}

async function bankChoices(q: string): Promise<Choice[] | null> {
  const result = await searchBanks(q);
  return result?.ok ? result.data.banks : null;
}

/** Search-as-you-type over the bank or branch list, then pick one. */
function CodePicker({
  label,
  searchLabel,
  placeholder,
  picked,
  onPick,
  search,
  error,
  disabledHint,
  failureKey,
  inputRef,
}: {
  /** The search input: the form focuses it when the pick is missing. */
  inputRef?: Ref<HTMLInputElement>;
  label: string;
  searchLabel: string;
  placeholder: string;
  picked: Choice | null;
  onPick: (choice: Choice | null) => void;
  search: ((q: string) => Promise<Choice[] | null>) | null;
  error?: string | undefined;
  disabledHint?: string;
  failureKey: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<Choice[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (picked || !search) return;
    let cancelled = false;
    setSearching(true);
    const timer = setTimeout(() => {
      search(q.trim())
        .then((list) => {
          if (!cancelled) {
            setResults(list);
            setFailure(null);
          }
        })
        .catch((err: unknown) => {
          if (!cancelled) setFailure(errorMessageKey(err, failureKey));
        })
        .finally(() => {
          if (!cancelled) setSearching(false);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [q, picked, search, failureKey]);

  if (picked) {
    return (
      <fieldset className="field fieldset-plain">
        <legend className="field__label">{label}</legend>
        <div className="picked">
          <span>{t('mypage.bank.selected', { name: picked.name, code: picked.code })}</span>
          <Button
            variant="link"
            onClick={() => onPick(null)}
            aria-label={`${label}: ${t('mypage.bank.change')}`}
          >
            {t('mypage.bank.change')}
          </Button>
        </div>
      </fieldset>
    );
  }

  return (
    <FieldShell
      id={id}
      label={t('mypage.bank.searchLabel', { label, search: searchLabel })}
      required
      error={error}
      hint={search ? undefined : disabledHint}
    >
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        value={q}
        disabled={!search}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, !search && disabledHint, error)}
        aria-controls={`${id}-results`}
        onChange={(e) => setQ(e.target.value)}
      />
      {search ? (
        <div id={`${id}-results`}>
          {failure ? <p className="field__error">{t(failure)}</p> : null}
          {searching ? (
            <p className="field__status" role="status">
              {t('mypage.bank.searching')}
            </p>
          ) : null}
          {!searching && results && results.length === 0 ? (
            <p className="field__status">{t('mypage.bank.noResults')}</p>
          ) : null}
          {results && results.length > 0 ? (
            <ul className="results" aria-label={`${label}: ${t('mypage.bank.results')}`}>
              {results.map((r) => (
                <li key={r.code}>
                  <button type="button" onClick={() => onPick(r)}>
                    {r.name} <span className="muted small">({r.code})</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </FieldShell>
  );
}

/** Bank account for rewards: sign-up STEP.3 and the account withdrawal tab. */
export function BankForm({
  initial,
  submitLabel,
  onSaved,
}: {
  initial: BankView | null;
  submitLabel: string;
  onSaved: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const { form, submit, errorOf, formError, busy } = useApiForm(bankRequest, {
    bank_code: initial?.bank_code ?? '',
    branch_code: initial?.branch_code ?? '',
    account_type: initial?.account_type ?? 'ordinary',
    account_number: initial?.account_number ?? '',
    account_owner: initial?.account_owner ?? '',
  });
  const typeId = useId();
  // The picked bank and branch with their names; the form holds their codes.
  const [bank, setBank] = useState<Choice | null>(
    initial ? { code: initial.bank_code, name: initial.bank_name } : null,
  );
  const [branch, setBranch] = useState<Choice | null>(
    initial ? { code: initial.branch_code, name: initial.branch_name } : null,
  );
  const bankField = useController({ control: form.control, name: 'bank_code' }).field;
  const branchField = useController({ control: form.control, name: 'branch_code' }).field;
  const accountNumber = form.register('account_number');
  const owner = form.register('account_owner');
  const revalidate = form.formState.isSubmitted;

  const bankCode = bank?.code;
  const branchSearch = useMemo(
    () =>
      bankCode
        ? async (q: string) => {
            const result = await searchBranches(bankCode, q);
            return result?.ok ? result.data.branches : null;
          }
        : null,
    [bankCode],
  );

  const normalizeOwner = () =>
    form.setValue('account_owner', toFullWidthKatakana(form.getValues('account_owner')), {
      shouldValidate: revalidate,
    });

  const send = submit(
    (body) => updateBank(body),
    () => onSaved(),
  );
  const onSubmit: typeof send = (event) => {
    // The owner's name is sent as full-width katakana, as the bank expects it.
    normalizeOwner();
    return send(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="form">
      <Alert kind="error">{formError ? t(formError.key, formError.params ?? {}) : null}</Alert>
      <CodePicker
        label={t('mypage.bank.bank')}
        searchLabel={t('mypage.bank.bankSearch')}
        placeholder={t('mypage.bank.bankSearchPlaceholder')}
        picked={bank}
        onPick={(choice) => {
          setBank(choice);
          setBranch(null);
          form.setValue('bank_code', choice?.code ?? '', { shouldValidate: revalidate });
          form.setValue('branch_code', '');
        }}
        search={bankChoices}
        inputRef={bankField.ref}
        error={errorOf('bank_code')}
        failureKey="errors.bankSearch"
      />
      <CodePicker
        label={t('mypage.bank.branch')}
        searchLabel={t('mypage.bank.branchSearch')}
        placeholder={t('mypage.bank.branchSearchPlaceholder')}
        picked={branch}
        onPick={(choice) => {
          setBranch(choice);
          form.setValue('branch_code', choice?.code ?? '', { shouldValidate: revalidate });
        }}
        search={branchSearch}
        inputRef={branchField.ref}
        error={errorOf('branch_code')}
        disabledHint={t('mypage.bank.selectBankFirst')}
        failureKey="errors.branchSearch"
      />
      <FieldShell id={typeId} label={t('mypage.bank.accountType')} required error={errorOf('account_type')}>
        <select id={typeId} className="select" {...form.register('account_type')}>
          {accountTypes.map((type) => (
            <option key={type} value={type}>
              {t(`mypage.bank.${type}`)}
            </option>
          ))}
        </select>
      </FieldShell>
      <TextField
        label={t('mypage.bank.accountNumber', validationValues)}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        required
        maxLength={businessConfig.limits.accountNumberLength}
        error={errorOf('account_number')}
        {...accountNumber}
        onChange={(e) => {
          e.target.value = e.target.value
            .replace(/\D/g, '')
            .slice(0, businessConfig.limits.accountNumberLength);
          return accountNumber.onChange(e);
        }}
      />
      <TextField
        label={t('mypage.bank.accountOwner')}
        hint={t('mypage.bank.accountOwnerHint')}
        autoComplete="off"
        placeholder={t('mypage.bank.accountOwnerPlaceholder')}
        required
        maxLength={businessConfig.limits.accountOwnerMax}
        error={errorOf('account_owner')}
        {...owner}
        onBlur={(e) => {
          normalizeOwner();
          return owner.onBlur(e);
        }}
      />
      <Button type="submit" className="btn--block" busy={busy} busyLabel={t('common.actions.saving')}>
        {submitLabel}
      </Button>
    </form>
  );
}
