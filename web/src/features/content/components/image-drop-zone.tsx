import { IMAGE_ACCEPT, IMAGE_MAX_MEGABYTES } from '@clinic/contract/images';
import { type DragEvent, useId, useState } from 'react';
import styles from './image-drop-zone.module.css';

interface ImageDropZoneProps {
  onFiles: (files: File[]) => void;
  /** When set, uploading is off and this says why (e.g. the title is missing). */
  disabledReason?: string | null;
  busy?: boolean;
}

/** Several images at once, dropped on the zone or chosen with the file picker (spec §2 Content Creator). */
export function ImageDropZone({ onFiles, disabledReason = null, busy = false }: ImageDropZoneProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const disabled = Boolean(disabledReason) || busy;

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files).filter((file) => file.type.startsWith('image/'));
    if (files.length > 0) onFiles(files);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the accessible way.
    <div
      className={styles.zone}
      data-dragging={dragging}
      data-disabled={disabled}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <p className={styles.lead}>Drag and drop images here, or</p>
      <label htmlFor={id} className={styles.pick}>
        Choose images
      </label>
      <input
        id={id}
        className={styles.input}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {busy
          ? 'Uploading…'
          : (disabledReason ??
            `PNG, JPEG, WebP or GIF, up to ${IMAGE_MAX_MEGABYTES} MB each. They are added to the page.`)}
      </p>
    </div>
  );
}
