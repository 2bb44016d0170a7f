import { MSG } from '@clinic/contract/messages';
import type { Office } from '@clinic/contract/offices';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TextField } from '../../../components/form-field';
import { PopupChoice, PopupChoices } from '../../../components/popup-choices';
import { PopupPage } from '../../../components/popup-page';
import { StatusMessage } from '../../../components/status-message';
import { prefixedMessage } from '../../../lib/api-client';
import { sendToOpener } from '../../../lib/popup';
import { useOfficeSearch } from '../api/search-offices';
import styles from './office-search-popup.module.css';

/** Waits until typing pauses before searching. */
function useDebounced(value: string, ms = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * /office-search (spec §2 Popups, outside the layout): offices with name and address; choosing one sends
 * its officeId and name to the page that opened the popup, then closes it.
 */
export function OfficeSearchPopup() {
  const [params] = useSearchParams();
  const target = params.get('inputTarget') ?? params.get('target') ?? undefined;
  const [query, setQuery] = useState('');
  const search = useOfficeSearch(useDebounced(query));
  const [problem, setProblem] = useState<string | null>(null);

  function choose(office: Office) {
    const sent = sendToOpener({
      source: 'office-search',
      target,
      id: office.officeId,
      name: office.officeName,
      extra: { officeId: office.officeId, officeName: office.officeName, address: office.address },
    });
    if (!sent)
      setProblem(
        'This window was not opened from a form, so the office cannot be sent back. Close it and use the form’s search button.',
      );
  }

  const offices = search.data ?? [];
  return (
    <PopupPage title="Find an Office" intro="Search by name or address, then choose an office.">
      <search>
        <TextField
          label="Search offices"
          type="search"
          value={query}
          autoComplete="off"
          placeholder="Name or address"
          onChange={(event) => setQuery(event.target.value)}
        />
      </search>
      {problem ? <StatusMessage tone="error">{problem}</StatusMessage> : null}
      {search.isPending ? (
        <p role="status">Loading offices…</p>
      ) : search.isError ? (
        <StatusMessage tone="error">{prefixedMessage('fetchOffices', search.error)}</StatusMessage>
      ) : (
        <>
          <p className={styles.count} role="status">
            {offices.length === 0
              ? MSG.noResultsFound
              : `${offices.length} office${offices.length === 1 ? '' : 's'}`}
          </p>
          <PopupChoices>
            {offices.map((office) => (
              <PopupChoice key={office.officeId} title={office.officeName} onChoose={() => choose(office)}>
                {office.address.trim() || MSG.noAddressProvided}
              </PopupChoice>
            ))}
          </PopupChoices>
        </>
      )}
    </PopupPage>
  );
}
