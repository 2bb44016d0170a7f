import { MSG } from '@clinic/contract/messages';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Form } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { PopupPage } from '../../../components/popup-page';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { sendToOpener } from '../../../lib/popup';
import { type SearchRequest, useSearchRecords } from '../api/search-records';
import {
  parseSearchType,
  resolveApiUrl,
  resultDetails,
  resultId,
  resultName,
  resultUsername,
  type SearchRecord,
  type SearchType,
  SORT_KEYS,
  type SortKey,
  sortResults,
} from '../search-types';
import styles from './search-popup-page.module.css';

/** Told when the popup was opened directly, so a choice has nowhere to go. */
export const NO_OPENER_MESSAGE = 'This window was not opened from a form, so the choice cannot be sent back.';

/**
 * The search popup (spec §2 Popups): ?type=Office|Doctor|Patient|Insurance&inputTarget=<field>&url=<api>.
 * It searches the caller's API url and sends the chosen record's id and name back to the opener.
 */
export function SearchPopupPage() {
  const [params] = useSearchParams();
  const rawType = params.get('type');
  const type = parseSearchType(rawType);
  const api = resolveApiUrl(params.get('url'), window.location.origin);

  if (!type) {
    return (
      <PopupPage title="Search">
        <StatusMessage tone="error">{MSG.unsupportedSearchType}</StatusMessage>
      </PopupPage>
    );
  }
  if (!api) {
    return (
      <PopupPage title={`${type} Search`}>
        <StatusMessage tone="error">{MSG.missingApiUrl}</StatusMessage>
      </PopupPage>
    );
  }
  return <SearchPopup type={type} api={api} inputTarget={params.get('inputTarget') ?? undefined} />;
}

interface SearchPopupProps {
  type: SearchType;
  api: { path: string; query: Record<string, string> };
  inputTarget: string | undefined;
}

function SearchPopup({ type, api, inputTarget }: SearchPopupProps) {
  const [term, setTerm] = useState('');
  const [sortKey, setSortKey] = useState<SortKey>('Name');
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [termError, setTermError] = useState<string | null>(null);
  const resultsId = useId();
  const search = useSearchRecords(request);

  const results = useMemo(
    () => (search.data ? sortResults(type, search.data, sortKey) : []),
    [search.data, type, sortKey],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = term.trim();
    setNotice(null);
    if (!trimmed) {
      setRequest(null);
      setTermError(MSG.enterSearchTerm);
      return;
    }
    setTermError(null);
    setRequest({ path: api.path, baseQuery: api.query, term: trimmed });
  };

  const choose = (record: SearchRecord) => {
    const id = resultId(type, record);
    if (id === null) {
      setNotice(MSG.noValidId);
      return;
    }
    const sent = sendToOpener({ source: 'search', target: inputTarget, id, name: resultName(type, record) });
    if (!sent) setNotice(NO_OPENER_MESSAGE);
  };

  const plural =
    type === 'Office' ? 'offices' : type === 'Insurance' ? 'insurances' : `${type.toLowerCase()}s`;

  return (
    <PopupPage title={`${type} Search`} intro={`Find ${plural} and choose one.`}>
      <search>
        <Form
          className={styles.form}
          onSubmit={onSubmit}
          error={search.isError ? errorMessage(search.error) : null}
        >
          <div className={styles.term}>
            <TextField
              label="Search"
              name="query"
              type="search"
              autoComplete="off"
              value={term}
              error={termError}
              onChange={(event) => setTerm(event.target.value)}
            />
          </div>
          <FormField label="Sort by">
            {(control) => (
              <select
                {...control}
                name="sort"
                value={sortKey}
                onChange={(event) => setSortKey(event.target.value as SortKey)}
              >
                {SORT_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {key}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <Button type="submit" className={styles.submit}>
            Search
          </Button>
        </Form>
      </search>

      {notice ? <StatusMessage tone="error">{notice}</StatusMessage> : null}
      {request && search.isFetching ? <p role="status">Searching…</p> : null}
      {request && search.isSuccess && results.length === 0 ? (
        <p className={styles.empty}>{MSG.noResultsFound}</p>
      ) : null}

      {results.length > 0 ? (
        <>
          <h2 id={resultsId} className={styles.resultsTitle}>
            {results.length} result{results.length === 1 ? '' : 's'}
          </h2>
          <ul className={styles.results} aria-labelledby={resultsId}>
            {results.map((record, index) => {
              const id = resultId(type, record);
              const username = resultUsername(record);
              return (
                <li key={id ?? `no-id-${index}`}>
                  <button type="button" className={styles.result} onClick={() => choose(record)}>
                    <span className={styles.name}>{resultName(type, record)}</span>
                    <span className={styles.meta}>
                      {[id !== null ? `ID ${id}` : 'No ID', username, ...resultDetails(type, record)]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </PopupPage>
  );
}
