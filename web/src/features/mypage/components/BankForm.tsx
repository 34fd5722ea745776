import { businessConfig } from '@app/shared/config';
import { accountTypes, type BankView, bankRequest } from '@app/shared/schemas/mypage';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert.tsx';
import { describedBy, FieldShell, TextField } from '../../../components/Field.tsx';
import { Button } from '../../../components/SubmitButton.tsx';
import { errorMessageKey } from '../../../lib/api.ts';
import { validationValues } from '../../../lib/i18n.ts';
import { toFullWidthKatakana } from '../../../lib/kana.ts';
import { useForm } from '../../../lib/useForm.ts';
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
}: {
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
      label={`${label}（${searchLabel}）`}
      required
      error={error}
      hint={search ? undefined : disabledHint}
    >
      <input
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
  const form = useForm();
  const typeId = useId();
  const [bank, setBank] = useState<Choice | null>(
    initial ? { code: initial.bank_code, name: initial.bank_name } : null,
  );
  const [branch, setBranch] = useState<Choice | null>(
    initial ? { code: initial.branch_code, name: initial.branch_name } : null,
  );
  const [accountType, setAccountType] = useState<string>(initial?.account_type ?? 'ordinary');
  const [accountNumber, setAccountNumber] = useState(initial?.account_number ?? '');
  const [owner, setOwner] = useState(initial?.account_owner ?? '');

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

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const normalizedOwner = toFullWidthKatakana(owner);
    setOwner(normalizedOwner);
    const body = form.check(bankRequest, {
      bank_code: bank?.code,
      branch_code: branch?.code,
      account_type: accountType,
      account_number: accountNumber,
      account_owner: normalizedOwner,
    });
    if (!body) return;
    void form.submit(
      () => updateBank(body),
      () => onSaved(),
    );
  };

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="form">
      <Alert kind="error">{form.formError ? t(form.formError, form.formErrorParams) : null}</Alert>
      <CodePicker
        label={t('mypage.bank.bank')}
        searchLabel={t('mypage.bank.bankSearch')}
        placeholder={t('mypage.bank.bankSearchPlaceholder')}
        picked={bank}
        onPick={(choice) => {
          setBank(choice);
          setBranch(null);
          form.clearError('bank_code');
        }}
        search={bankChoices}
        error={form.errors.bank_code}
        failureKey="errors.bankSearch"
      />
      <CodePicker
        label={t('mypage.bank.branch')}
        searchLabel={t('mypage.bank.branchSearch')}
        placeholder={t('mypage.bank.branchSearchPlaceholder')}
        picked={branch}
        onPick={(choice) => {
          setBranch(choice);
          form.clearError('branch_code');
        }}
        search={branchSearch}
        error={form.errors.branch_code}
        disabledHint={t('mypage.bank.selectBankFirst')}
        failureKey="errors.branchSearch"
      />
      <FieldShell id={typeId} label={t('mypage.bank.accountType')} required error={form.errors.account_type}>
        <select
          id={typeId}
          className="select"
          name="account_type"
          value={accountType}
          onChange={(e) => setAccountType(e.target.value)}
        >
          {accountTypes.map((type) => (
            <option key={type} value={type}>
              {t(`mypage.bank.${type}`)}
            </option>
          ))}
        </select>
      </FieldShell>
      <TextField
        label={t('mypage.bank.accountNumber', validationValues)}
        name="account_number"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        required
        maxLength={businessConfig.limits.accountNumberLength}
        value={accountNumber}
        error={form.errors.account_number}
        onChange={(e) => {
          setAccountNumber(
            e.target.value.replace(/\D/g, '').slice(0, businessConfig.limits.accountNumberLength),
          );
          form.clearError('account_number');
        }}
      />
      <TextField
        label={t('mypage.bank.accountOwner')}
        hint={t('mypage.bank.accountOwnerHint')}
        name="account_owner"
        autoComplete="off"
        placeholder={t('mypage.bank.accountOwnerPlaceholder')}
        required
        maxLength={businessConfig.limits.accountOwnerMax}
        value={owner}
        error={form.errors.account_owner}
        onChange={(e) => {
          setOwner(e.target.value);
          form.clearError('account_owner');
        }}
        onBlur={() => setOwner((v) => toFullWidthKatakana(v))}
      />
      <Button type="submit" className="btn--block" busy={form.busy} busyLabel={t('common.actions.saving')}>
        {submitLabel}
      </Button>
    </form>
  );
}
