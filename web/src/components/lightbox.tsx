import { useEffect, useRef } from 'react';
import { Button } from './button';
import { FallbackImage } from './fallback-image';
import styles from './lightbox.module.css';
import { Modal } from './modal';

export interface LightboxImage {
  src: string;
  alt: string;
  /** Shown when src fails to load. */
  fallback: string;
}

interface LightboxProps {
  images: readonly LightboxImage[];
  /** The image shown, or null when the lightbox is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Names the set, e.g. the office's name: 'Denver Highlands, photo 2 of 3'. */
  label: string;
}

/** Previous and next wrap around: before the first comes the last, after the last the first. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/**
 * One image at a time, large, in a dialog over the page (or over another dialog): Previous and Next
 * buttons and the arrow keys move through the images and wrap around; Escape or Close ends it.
 */
export function Lightbox({ images, index, onIndexChange, onClose, label }: LightboxProps) {
  const open = index !== null && images.length > 0;
  const current = open ? wrapIndex(index, images.length) : 0;
  const image = images[current];
  const move = useRef((step: number) => onIndexChange(wrapIndex(current + step, images.length)));
  move.current = (step: number) => onIndexChange(wrapIndex(current + step, images.length));

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        move.current(-1);
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        move.current(1);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const position = `${current + 1} of ${images.length}`;
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="large"
      title={`${label}, photo ${position}`}
      footer={
        images.length > 1 ? (
          <div className={styles.controls}>
            <Button variant="secondary" onClick={() => move.current(-1)} aria-label="Previous photo">
              <span aria-hidden="true">←</span> Previous
            </Button>
            <span className={styles.position} aria-live="polite">
              {position}
            </span>
            <Button variant="secondary" onClick={() => move.current(1)} aria-label="Next photo">
              Next <span aria-hidden="true">→</span>
            </Button>
          </div>
        ) : null
      }
    >
      {image ? (
        <figure className={styles.figure}>
          <FallbackImage className={styles.image} src={image.src} fallback={image.fallback} alt={image.alt} />
          {images.length > 1 ? (
            <figcaption className={styles.hint}>Use the arrow keys to move between photos.</figcaption>
          ) : null}
        </figure>
      ) : null}
    </Modal>
  );
}
