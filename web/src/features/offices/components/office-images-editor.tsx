import { DEFAULT_IMAGE } from '@clinic/contract/constants';
import { IMAGE_ACCEPT, IMAGE_MAX_MEGABYTES, imageUrl, splitImageList } from '@clinic/contract/images';
import { MSG } from '@clinic/contract/messages';
import type { Office } from '@clinic/contract/offices';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { FallbackImage } from '../../../components/fallback-image';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage, prefixedMessage } from '../../../lib/api-client';
import { deleteImage } from '../../../lib/delete-image';
import { uploadImage } from '../../../lib/upload-image';
import { useUpdateOfficeImages } from '../api/update-office-images';
import styles from './office-images-editor.module.css';

interface OfficeImagesEditorProps {
  office: Office | null;
  offices: readonly Office[];
  /** ADMIN and MANAGER also delete the file; others only take it off the office's list. */
  mayDeleteFiles: boolean;
}

type Status = { tone: 'success' | 'error' | 'info'; text: string } | null;

/** Edit mode's photos: upload a new one, remove one, choose which is the card's preview (the first). */
export function OfficeImagesEditor({ office, offices, mayDeleteFiles }: OfficeImagesEditorProps) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const updateImages = useUpdateOfficeImages();
  const images = splitImageList(office?.officeImage);

  async function saveList(next: string[]) {
    if (!office) return;
    await updateImages.mutateAsync({ officeId: office.officeId, images: next });
  }

  async function upload() {
    if (!file || !office) {
      setStatus({ tone: 'error', text: MSG.noFileOrOffice });
      return;
    }
    setBusy(true);
    setStatus({ tone: 'info', text: 'Uploading…' });
    try {
      const stored = await uploadImage({
        file,
        directory: 'office',
        filename: `office-${office.officeId}-${file.name}`,
      });
      await saveList([...images.filter((n) => n !== stored), stored]);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setStatus({ tone: 'success', text: MSG.imageUploaded });
    } catch (error) {
      setStatus({ tone: 'error', text: `${MSG.imageUploadFailed} ${errorMessage(error)}` });
    } finally {
      setBusy(false);
    }
  }

  async function remove(name: string) {
    if (!office) return;
    setBusy(true);
    try {
      await saveList(images.filter((n) => n !== name));
      const usedElsewhere = offices.some(
        (o) => o.officeId !== office.officeId && splitImageList(o.officeImage).includes(name),
      );
      if (mayDeleteFiles && !usedElsewhere) await deleteImage('office', name);
      setStatus({ tone: 'success', text: 'Photo removed.' });
    } catch (error) {
      setStatus({ tone: 'error', text: prefixedMessage('imageUpdate', error) });
    } finally {
      setBusy(false);
    }
  }

  async function makePreview(name: string) {
    setBusy(true);
    try {
      await saveList([name, ...images.filter((n) => n !== name)]);
      setStatus({ tone: 'success', text: 'Preview photo changed.' });
    } catch (error) {
      setStatus({ tone: 'error', text: prefixedMessage('imageUpdate', error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.editor} aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className={styles.title}>
        Photos
      </h3>
      {images.length === 0 ? (
        <p className={styles.none}>No photos yet. The first photo is the card's preview.</p>
      ) : (
        <ul className={styles.list}>
          {images.map((name, index) => (
            <li key={name} className={styles.item}>
              <FallbackImage
                className={styles.thumb}
                src={imageUrl('office', name)}
                fallback={DEFAULT_IMAGE}
                alt=""
              />
              <span className={styles.name}>
                {name}
                {index === 0 ? <span className={styles.badge}>Preview</span> : null}
              </span>
              <span className={styles.actions}>
                {index > 0 ? (
                  <button
                    type="button"
                    className={styles.link}
                    disabled={busy}
                    onClick={() => void makePreview(name)}
                  >
                    Use as preview<span className={styles.hidden}> ({name})</span>
                  </button>
                ) : null}
                <button
                  type="button"
                  className={styles.danger}
                  disabled={busy}
                  onClick={() => void remove(name)}
                >
                  Delete<span className={styles.hidden}> photo {name}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.upload}>
        <label htmlFor={inputId} className={styles.label}>
          Add a photo
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-describedby={`${inputId}-hint`}
          className={styles.file}
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        <p id={`${inputId}-hint`} className={styles.hint}>
          PNG, JPEG, WebP or GIF, up to {IMAGE_MAX_MEGABYTES} MB.
        </p>
        <Button variant="secondary" disabled={busy} onClick={() => void upload()}>
          Upload
        </Button>
      </div>
      {status ? <StatusMessage tone={status.tone}>{status.text}</StatusMessage> : null}
    </section>
  );
}
