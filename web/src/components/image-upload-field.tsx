import {
  defaultImagePath,
  IMAGE_ACCEPT,
  IMAGE_MAX_MEGABYTES,
  type ImageDirectory,
  imageUrl,
} from '@clinic/contract/images';
import { MSG } from '@clinic/contract/messages';
import { useId, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { uploadImage } from '../lib/upload-image';
import { FallbackImage } from './fallback-image';
import styles from './image-upload-field.module.css';
import { StatusMessage } from './status-message';

interface ImageUploadFieldProps {
  label: string;
  directory: ImageDirectory;
  /** The stored file name ('' for none). */
  value: string;
  /** Called with the stored name after a successful upload, or '' when the picture is removed. */
  onChange: (storedName: string) => void;
  /** The name to upload a chosen file under (e.g. prefixed with a code or a username). */
  filenameFor?: (file: File) => string;
  /** When set, choosing a file is disabled and this says why (e.g. 'Enter a code first.'). */
  disabledReason?: string | null;
  /** Text for the preview image's alt; empty for a decorative preview. */
  previewAlt?: string;
  /** The success message (the promotion form's ends with '!', spec §8). */
  uploadedMessage?: string;
  /**
   * Sends the file and answers the stored name; by default POST /images/upload into `directory`. A record
   * with its own picture call (an inventory item's POST /inventory/{id}/pictures) passes that instead.
   */
  upload?: (file: File) => Promise<string>;
}

/**
 * A picture for a record: preview (the folder's default when there is none), a file picker that uploads
 * at once to the folder, and the spec's upload messages. The record stores the name the server answers.
 */
export function ImageUploadField({
  label,
  directory,
  value,
  onChange,
  filenameFor = (file) => file.name,
  disabledReason = null,
  previewAlt = '',
  uploadedMessage = MSG.imageUploaded,
  upload,
}: ImageUploadFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [status, setStatus] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setStatus({ tone: 'info', text: 'Uploading…' });
    try {
      const stored = upload
        ? await upload(file)
        : await uploadImage({ file, directory, filename: filenameFor(file) });
      onChange(stored);
      setStatus({ tone: 'success', text: uploadedMessage });
    } catch (error) {
      setStatus({ tone: 'error', text: `${MSG.imageUploadFailed} ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.field}>
      <FallbackImage
        className={styles.preview}
        src={imageUrl(directory, value)}
        fallback={defaultImagePath(directory)}
        alt={previewAlt}
      />
      <div className={styles.controls}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <input
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          className={styles.input}
          disabled={busy || Boolean(disabledReason)}
          aria-describedby={hintId}
          onChange={(event) => {
            void onFile(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <p id={hintId} className={styles.hint}>
          {disabledReason ?? `PNG, JPEG, WebP or GIF, up to ${IMAGE_MAX_MEGABYTES} MB.`}
        </p>
        {value ? (
          <button type="button" className={styles.remove} onClick={() => onChange('')} disabled={busy}>
            Remove picture
          </button>
        ) : null}
        {status ? <StatusMessage tone={status.tone}>{status.text}</StatusMessage> : null}
      </div>
    </div>
  );
}
