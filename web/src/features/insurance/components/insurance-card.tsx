import { DEFAULT_INSURANCE_IMAGE } from '@clinic/contract/constants';
import { imageUrl } from '@clinic/contract/images';
import type { Insurance } from '@clinic/contract/insurance';
import { FallbackImage } from '../../../components/fallback-image';
import { AcceptanceBadge } from './acceptance-badge';
import styles from './insurance-card.module.css';

interface InsuranceCardProps {
  insurance: Insurance;
  onOpen: (insurance: Insurance) => void;
}

/** A directory card: logo, name (the button that opens the details), coverage and acceptance. */
export function InsuranceCard({ insurance, onOpen }: InsuranceCardProps) {
  return (
    <article className={styles.card}>
      <FallbackImage
        className={styles.logo}
        src={imageUrl('insurance', insurance.insPicture)}
        fallback={DEFAULT_INSURANCE_IMAGE}
        alt=""
        loading="lazy"
        width={320}
        height={180}
      />
      <div className={styles.body}>
        <h2 className={styles.name}>
          <button
            type="button"
            className={styles.open}
            onClick={() => onOpen(insurance)}
            aria-haspopup="dialog"
          >
            {insurance.insName}
          </button>
        </h2>
        {insurance.coverageName ? <p className={styles.coverage}>{insurance.coverageName}</p> : null}
        <div className={styles.footer}>
          <AcceptanceBadge acceptance={insurance.acceptance} />
        </div>
      </div>
    </article>
  );
}
