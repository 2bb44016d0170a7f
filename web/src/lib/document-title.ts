import { PRACTICE_NAME } from '@clinic/contract/constants';
import { useEffect } from 'react';

/** Sets the tab title for a page: 'Patient Login | Summit Physical Therapy'; the home page passes null. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRACTICE_NAME}` : PRACTICE_NAME;
  }, [title]);
}
