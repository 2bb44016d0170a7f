import { DEFAULT_IMAGE } from '@clinic/contract/constants';
import { splitContentImages } from '@clinic/contract/content-rules';
import { MSG } from '@clinic/contract/messages';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { FallbackImage } from '../../../components/fallback-image';
import { Lightbox } from '../../../components/lightbox';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useContent } from '../api/get-content';
import { ServerHtml } from '../components/server-html';
import styles from './content-page.module.css';

function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /content/{id} (spec §2 Content page): title, category, type, the page at its font size and its images. */
export function ContentPage() {
  const id = parseId(useParams().id);
  const content = useContent(id);
  const navigate = useNavigate();
  const location = useLocation();
  const [photo, setPhoto] = useState<number | null>(null);
  useDocumentTitle(content.data?.title ?? 'Content');

  // Back where the reader came from; to the home page when there is nowhere to go back to (a new tab).
  const close = () =>
    location.key === 'default' && window.history.length <= 1 ? navigate('/') : navigate(-1);
  const closeButton = (
    <Button variant="secondary" onClick={close} className={styles.close}>
      Close
    </Button>
  );

  if (id === null || content.isError) {
    return (
      <article className={styles.page}>
        <h1>Content</h1>
        <StatusMessage tone="error">
          {id === null
            ? `${MSG.failedToFetchContent}: ${MSG.notFound}`
            : `${MSG.failedToFetchContent}: ${errorMessage(content.error)}`}
        </StatusMessage>
        {closeButton}
      </article>
    );
  }
  if (content.isPending) {
    return (
      <article className={styles.page}>
        <h1>Content</h1>
        <p role="status" className={styles.loading}>
          Loading content…
        </p>
      </article>
    );
  }

  const page = content.data;
  const images = splitContentImages(page.images);
  return (
    <article className={styles.page} aria-labelledby="content-title">
      <header className={styles.header}>
        <div>
          <h1 id="content-title">{page.title}</h1>
          <dl className={styles.meta}>
            <div>
              <dt>Category</dt>
              <dd>{page.category || '—'}</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>{page.extraData || '—'}</dd>
            </div>
          </dl>
        </div>
        {closeButton}
      </header>
      <ServerHtml html={page.content} fontSize={page.font_size} className={styles.body} />
      {images.length > 0 ? (
        <section className={styles.gallery} aria-labelledby="content-gallery-title">
          <h2 id="content-gallery-title">Images</h2>
          <ul className={styles.grid}>
            {images.map((src, index) => (
              <li key={src}>
                <button type="button" className={styles.thumb} onClick={() => setPhoto(index)}>
                  <FallbackImage
                    src={src}
                    fallback={DEFAULT_IMAGE}
                    alt={`${page.title}, image ${index + 1} of ${images.length}`}
                    width={320}
                    height={213}
                    loading="lazy"
                    decoding="async"
                  />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Lightbox
        images={images.map((src, index) => ({
          src,
          fallback: DEFAULT_IMAGE,
          alt: `${page.title}, image ${index + 1} of ${images.length}`,
        }))}
        index={photo}
        onIndexChange={setPhoto}
        onClose={() => setPhoto(null)}
        label={page.title}
      />
    </article>
  );
}
