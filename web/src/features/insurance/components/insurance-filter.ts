import { INSURANCE_PAGE_SIZE } from '@clinic/contract/constants';
import type { Insurance } from '@clinic/contract/insurance';
import { type PageOf, paginate } from '../../../lib/paginate';

/** §9: the insurance directory searches by name, in any case. */
export function matchesInsuranceSearch(insurance: Insurance, query: string): boolean {
  const text = query.trim().toLowerCase();
  return text === '' || insurance.insName.toLowerCase().includes(text);
}

/** The directory's page: insurances whose name matches, INSURANCE_PAGE_SIZE (9) per page. */
export function insurancePage(list: readonly Insurance[], query: string, page: number): PageOf<Insurance> {
  return paginate(
    list.filter((insurance) => matchesInsuranceSearch(insurance, query)),
    page,
    INSURANCE_PAGE_SIZE,
  );
}
