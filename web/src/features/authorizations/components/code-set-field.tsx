import { SET_MAX_CODES } from '@clinic/contract/diagnosis-combiner';
import { codeKindLetter } from '@clinic/contract/procedures';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { FormSection } from '../../../components/form-card';
import { openPopup, usePopupMessage } from '../../../lib/popup';
import styles from './code-set-field.module.css';

export interface SetCode {
  code: string;
  description: string;
}

export type CodeSetKind = 'diagnosis' | 'procedure';

/** What the procedure/diagnosis selector popup sends (features/procedures, select-procedure-page). */
const CODE_POPUP_SOURCE = 'procedure-diagnosis';
const INPUT_TARGET: Record<CodeSetKind, string> = { diagnosis: 'diagnosisSet', procedure: 'procedureSet' };
const LEGEND: Record<CodeSetKind, string> = { diagnosis: 'Diagnosis set', procedure: 'Procedure set' };

interface CodeSetFieldProps {
  kind: CodeSetKind;
  codes: readonly SetCode[];
  onChange: (codes: SetCode[]) => void;
}

/** The spec's comma list of a set (§3 Diagnosis combiner). */
export function codeList(codes: readonly SetCode[]): string {
  return codes.map((c) => c.code).join(',');
}

/**
 * A diagnosis or procedure set built in the code selector popup (spec §2 Popups): each code it sends
 * becomes a removable chip with its description; a code already in the set is not added twice, and a set
 * holds at most SET_MAX_CODES codes.
 */
export function CodeSetField({ kind, codes, onChange }: CodeSetFieldProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const footer = useRef<HTMLDivElement>(null);
  // After a chip is removed, focus goes to the add button (enabled again if the set was full).
  const [focusAdd, setFocusAdd] = useState(false);
  useEffect(() => {
    if (!focusAdd) return;
    footer.current?.querySelector('button')?.focus();
    setFocusAdd(false);
  }, [focusAdd]);
  const target = INPUT_TARGET[kind];
  const full = codes.length >= SET_MAX_CODES;

  // Several choices can arrive before the next render: each one builds on the set the previous one made.
  const latest = useRef(codes);
  latest.current = codes;

  usePopupMessage((selection) => {
    if (selection.source !== CODE_POPUP_SOURCE || selection.target !== target) return;
    const current = latest.current;
    const extra = selection.extra ?? {};
    const code = String(extra.code ?? selection.id)
      .trim()
      .toUpperCase();
    if (code === '') return;
    const kindOfCode = typeof extra.differenceCode === 'string' ? codeKindLetter(extra.differenceCode) : null;
    if (kindOfCode !== null && kindOfCode !== codeKindLetter(kind)) {
      setNotice(`${code} is not a ${kind} code, so it was not added.`);
    } else if (current.some((c) => c.code.toUpperCase() === code)) {
      setNotice(`${code} is already in the ${kind} set.`);
    } else if (current.length >= SET_MAX_CODES) {
      setNotice(`A ${kind} set holds at most ${SET_MAX_CODES} codes; ${code} was not added.`);
    } else {
      const description = typeof extra.description === 'string' ? extra.description : '';
      const next = [...current, { code, description }];
      latest.current = next;
      onChange(next);
      setNotice(`Added ${code}${description ? ` (${description})` : ''}.`);
    }
  });

  const remove = (code: string) => {
    onChange(codes.filter((c) => c.code !== code));
    setNotice(`Removed ${code}.`);
    setFocusAdd(true);
  };

  return (
    <FormSection legend={LEGEND[kind]}>
      {codes.length === 0 ? (
        <p className={styles.empty}>No {kind} codes yet.</p>
      ) : (
        <ul className={styles.chips} aria-label={`${LEGEND[kind]} codes`}>
          {codes.map((c) => (
            <li key={c.code} className={styles.chip}>
              <span className={styles.code}>{c.code}</span>
              {c.description ? <span className={styles.description}>{c.description}</span> : null}
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove ${c.code}`}
                onClick={() => remove(c.code)}
              >
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div ref={footer} className={styles.footer}>
        <Button
          variant="secondary"
          disabled={full}
          onClick={() =>
            openPopup(`/select-procedure-diagnosis?type=${kind}&inputTarget=${target}`, {
              name: 'code-selector',
            })
          }
        >
          Add {kind} code
        </Button>
        <span className={styles.count}>
          {codes.length} of {SET_MAX_CODES} codes
        </span>
      </div>
      <p className={styles.notice} role="status">
        {notice}
      </p>
    </FormSection>
  );
}
