import type { Receipt } from '@clinic/contract/receipts';
import { Button } from '../../../components/button';
import table from '../../../components/data-table.module.css';
import { DataTableHead } from '../../../components/data-table-head';
import { longDate } from '../../../lib/date-text';
import styles from './receipts-table.module.css';

const COLUMNS = ['Reward', 'Points used', 'Before', 'After', 'Date', 'Status'] as const;

/** Pending until the reward is used or handed over (vouched), then Received (spec §4). */
export function receiptStatus(receipt: Pick<Receipt, 'vouched'>): 'Pending' | 'Received' {
  return receipt.vouched ? 'Received' : 'Pending';
}

interface ReceiptsTableProps {
  receipts: readonly Receipt[];
  caption: string;
  /** Staff who may hand rewards over (points:manage) get a button on each Pending receipt. */
  onHandOver?: (receipt: Receipt) => void;
}

/** The receipts of one bank, newest first (spec §2 columns); each row a labelled card on a phone. */
export function ReceiptsTable({ receipts, caption, onHandOver }: ReceiptsTableProps) {
  return (
    <table className={table.table}>
      <DataTableHead caption={caption} columns={COLUMNS} />
      <tbody>
        {receipts.map((receipt) => {
          const status = receiptStatus(receipt);
          return (
            <tr key={receipt.receipt_id}>
              <td data-label="Reward">{receipt.name || '—'}</td>
              <td data-label="Points used">{receipt.amountTotal}</td>
              <td data-label="Before">{receipt.amountBefore}</td>
              <td data-label="After">{receipt.amountAfter}</td>
              <td data-label="Date">{longDate(receipt.date.slice(0, 10))}</td>
              <td data-label="Status">
                <span className={styles.status} data-status={status}>
                  {status}
                </span>
                {onHandOver && status === 'Pending' ? (
                  <Button
                    variant="secondary"
                    className={styles.handOver}
                    aria-label={`Mark handed over: ${receipt.name || 'reward'}`}
                    onClick={() => onHandOver(receipt)}
                  >
                    Mark handed over
                  </Button>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
