import { MAP_EMBED_HEIGHT, MAP_EMBED_WIDTH } from '@clinic/contract/constants';
import { MSG } from '@clinic/contract/messages';
import { useId, useState } from 'react';
import { mapEmbedUrl, mapSearchUrl } from './map-links';
import styles from './office-map.module.css';

interface OfficeMapProps {
  officeName: string;
  address: string;
}

/**
 * Per office: a link that opens the address in Google Maps, or (Show Map) a 300x200 embedded map; the
 * button switches between them. Without an address there is nothing to map.
 */
export function OfficeMap({ officeName, address }: OfficeMapProps) {
  const [showMap, setShowMap] = useState(false);
  const regionId = useId();
  const trimmed = address.trim();
  if (!trimmed) return <p className={styles.none}>{MSG.noAddressForMap}</p>;

  return (
    <div className={styles.map}>
      <div id={regionId} className={styles.view}>
        {showMap ? (
          <iframe
            className={styles.frame}
            title={`Map of ${officeName}`}
            src={mapEmbedUrl(trimmed)}
            width={MAP_EMBED_WIDTH}
            height={MAP_EMBED_HEIGHT}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <a className={styles.link} href={mapSearchUrl(trimmed)} target="_blank" rel="noopener noreferrer">
            Open {officeName} in Google Maps
            <span className={styles.visuallyHidden}> (opens in a new tab)</span>
          </a>
        )}
      </div>
      <button
        type="button"
        className={styles.toggle}
        aria-controls={regionId}
        onClick={() => setShowMap((shown) => !shown)}
      >
        {showMap ? 'Show Link' : 'Show Map'}
      </button>
    </div>
  );
}
