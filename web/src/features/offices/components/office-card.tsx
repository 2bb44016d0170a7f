import { DEFAULT_IMAGE } from '@clinic/contract/constants';
import { imageUrl, splitImageList } from '@clinic/contract/images';
import { MSG } from '@clinic/contract/messages';
import type { Office } from '@clinic/contract/offices';
import { Button } from '../../../components/button';
import { FallbackImage } from '../../../components/fallback-image';
import styles from './office-card.module.css';
import { OfficeHoursTable } from './office-hours-table';
import { OfficeMap } from './office-map';

interface OfficeCardProps {
  office: Office;
  showIncrements: boolean;
  onMoreDetails: (office: Office) => void;
  /** The first card of the page: its photo is the largest thing a visitor sees first, so it is not deferred. */
  first?: boolean;
}

/** One office on the /office page: preview, name, address, More Details, the week's hours and the map. */
export function OfficeCard({ office, showIncrements, onMoreDetails, first = false }: OfficeCardProps) {
  const headingId = `office-${office.officeId}-name`;
  const preview = splitImageList(office.officeImage)[0] ?? '';
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <div className={styles.identity}>
        <FallbackImage
          className={styles.preview}
          src={imageUrl('office', preview)}
          fallback={DEFAULT_IMAGE}
          alt={preview ? `Photo of ${office.officeName}` : ''}
          width={320}
          height={200}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
        />
        <div className={styles.text}>
          <h2 id={headingId} className={styles.name}>
            {office.officeName}
          </h2>
          <p className={office.address.trim() ? styles.address : styles.missing}>
            {office.address.trim() || MSG.noAddressProvided}
          </p>
          <Button
            variant="secondary"
            onClick={() => onMoreDetails(office)}
            aria-label={`More Details about ${office.officeName}`}
          >
            More Details
          </Button>
        </div>
      </div>
      <div className={styles.hours}>
        <OfficeHoursTable
          officeId={office.officeId}
          officeName={office.officeName}
          timeZone={office.timeZone}
          showIncrements={showIncrements}
        />
      </div>
      <div className={styles.mapColumn}>
        <OfficeMap officeName={office.officeName} address={office.address} />
      </div>
    </article>
  );
}
