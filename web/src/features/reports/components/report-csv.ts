import type { DailyReport } from '@clinic/contract/reports';
import { toCsv } from '../../../lib/csv';

const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

export function reportFileName(report: DailyReport, part: 'days' | 'providers'): string {
  return `daily-report_${slug(report.officeName)}_${report.from}_${report.to}_${part}.csv`;
}

export function reportDaysCsv(report: DailyReport): string {
  return toCsv(
    ['Date', 'Visits', 'Completed', 'No shows', 'Cancellations', 'New patients'],
    report.days.map((d) => [d.date, d.visits, d.completed, d.noShow, d.canceled, d.newPatients]),
  );
}

export function reportProvidersCsv(report: DailyReport): string {
  return toCsv(
    ['Provider', 'Visits', 'Completed', 'No shows', 'Cancellations'],
    report.providers.map((p) => [p.name, p.visits, p.completed, p.noShow, p.canceled]),
  );
}
