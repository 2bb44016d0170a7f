import { PRACTICE_NAME } from '@clinic/contract/constants';
import { useEffect } from 'react';

/** A page's tab title: 'Patient Login | Summit Physical Therapy'; the home page's (null) is the practice's name. */
export function documentTitle(title: string | null): string {
  return title ? `${title} | ${PRACTICE_NAME}` : PRACTICE_NAME;
}

/** Sets the tab title for a page (documentTitle); the prerendered pages carry it in their HTML too. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
