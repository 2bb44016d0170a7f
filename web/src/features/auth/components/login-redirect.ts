import { dashboardPathFor } from '../../../lib/dashboard-path';
import { isImplementedPath } from '../../../lib/page-paths';

/** Where a signed-in role goes: its dashboard, or home while that dashboard is not built. */
export function redirectTargetFor(role: Parameters<typeof dashboardPathFor>[0]): string {
  const dashboard = dashboardPathFor(role);
  return isImplementedPath(dashboard) ? dashboard : '/';
}
