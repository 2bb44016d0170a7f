import { MSG } from '@clinic/contract/messages';
import { CODE_KINDS, codeKindLetter, type Procedure } from '@clinic/contract/procedures';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { TextField } from '../../../components/form-field';
import { PopupPage } from '../../../components/popup-page';
import { StatusMessage } from '../../../components/status-message';
import { sendToOpener } from '../../../lib/popup';
import { useCodes } from '../api/search-codes';
import { filterCodes } from '../components/code-filter';
import styles from './select-procedure-page.module.css';

/** The message source openers listen for. */
export const CODE_SELECTION_SOURCE = 'procedure-diagnosis';

/**
 * /select-procedure-diagnosis?type=procedure|diagnosis (a popup outside the layout): the first letter of
 * the type picks the code kind; a click sends the code to the opener and closes the window.
 */
export function SelectProcedurePage() {
  const [params] = useSearchParams();
  const kind = CODE_KINDS.find((k) => k.letter === codeKindLetter(params.get('type')));
  const codes = useCodes(kind?.letter ?? '');
  const [filter, setFilter] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  const title = kind ? `Select a ${kind.type} code` : 'Select a code';
  const shown = filterCodes(codes.data ?? [], filter);

  function choose(code: Procedure) {
    const sent = sendToOpener({
      source: CODE_SELECTION_SOURCE,
      target: params.get('inputTarget') ?? undefined,
      id: code.code,
      name: code.description ? `${code.code} - ${code.description}` : code.code,
      extra: { code: code.code, description: code.description, differenceCode: code.differenceCode },
    });
    if (!sent)
      setNotice(`Open this list from a form to use ${code.code}; this window has no form to send it to.`);
  }

  return (
    <PopupPage
      title={title}
      intro={kind ? `Click a ${kind.type} code to use it in the form.` : 'Procedure and diagnosis codes.'}
    >
      <TextField
        label="Filter by code or description"
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        autoComplete="off"
      />
      {notice ? <StatusMessage tone="info">{notice}</StatusMessage> : null}
      {codes.isPending ? (
        <p role="status">Loading codes…</p>
      ) : codes.isError ? (
        <StatusMessage tone="error">{MSG.failedToLoadCodes}</StatusMessage>
      ) : (
        <>
          <p className={styles.count} role="status">
            {shown.length === 0
              ? 'No codes match.'
              : `${shown.length} ${shown.length === 1 ? 'code' : 'codes'}`}
          </p>
          <ul className={styles.list}>
            {shown.map((code) => (
              <li key={code.code}>
                <button type="button" className={styles.choice} onClick={() => choose(code)}>
                  <span className={styles.code}>{code.code}</span>
                  <span className={styles.description}>{code.description || 'No description'}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </PopupPage>
  );
}
