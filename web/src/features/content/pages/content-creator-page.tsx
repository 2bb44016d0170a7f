import { CONTENT_FONT_SIZE_EDITOR } from '@clinic/contract/constants';
import type { ContentItem } from '@clinic/contract/content';
import {
  CONTENT_FONT_SIZE_MAX,
  CONTENT_FONT_SIZE_MIN,
  CONTENT_NAME_MAX,
  CONTENT_TITLE_MAX,
  splitContentImages,
} from '@clinic/contract/content-rules';
import { MSG } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { type FormEvent, useId, useRef, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Form, FormActions, FormCard, FormGrid, FormSection } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { StatusMessage, type StatusTone } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useDeleteContent } from '../api/delete-content';
import { deleteContentImage } from '../api/delete-content-image';
import { previewContent, useContentPreview } from '../api/preview-content';
import { type ContentDraft, useSaveContent } from '../api/save-content';
import { useUpdateContent } from '../api/update-content';
import { uploadContentImage } from '../api/upload-content-image';
import { ContentImageGrid } from '../components/content-image-grid';
import { ContentList } from '../components/content-list';
import { EditorToolbar } from '../components/editor-toolbar';
import { ImageDropZone } from '../components/image-drop-zone';
import { RichTextEditor, type RichTextHandle } from '../components/rich-text-editor';
import { ServerHtml } from '../components/server-html';
import {
  altFromFileName,
  applyMarkdownFormat,
  insertBlockAfterLine,
  markdownImage,
  removeMarkdownImage,
  type TextFormat,
} from '../lib/markdown-format';
import styles from './content-creator-page.module.css';

const TITLE = 'Manage Content';

/** /content-creator (spec §2 Content Creator), for ADMIN and MANAGER. */
export function ContentCreatorPage() {
  const session = useSession();
  if (!can(session?.role, 'content:manage')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only administrators and managers can write content pages."
        signedOut={!session}
      />
    );
  }
  return <ContentCreator />;
}

interface Status {
  tone: StatusTone;
  text: string;
}

function parseFontSize(text: string): number | null {
  const size = Number(text);
  return Number.isInteger(size) && size >= CONTENT_FONT_SIZE_MIN && size <= CONTENT_FONT_SIZE_MAX
    ? size
    : null;
}

function ContentCreator() {
  useDocumentTitle(TITLE);
  const ids = { editor: useId(), editorLabel: useId(), editorHint: useId(), markdown: useId() };
  const [editingId, setEditingId] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [category, setCategory] = useState('');
  const [extraData, setExtraData] = useState('');
  const [fontSizeText, setFontSizeText] = useState(String(CONTENT_FONT_SIZE_EDITOR));
  const [isMarkdown, setIsMarkdown] = useState(false);
  const [markdown, setMarkdown] = useState('');
  const [showPreview, setShowPreview] = useState(false);
  const [images, setImages] = useState<string[]>([]);
  const [status, setStatus] = useState<Status | null>(null);
  const [uploading, setUploading] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<ContentItem | null>(null);
  const richRef = useRef<RichTextHandle>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const saveContent = useSaveContent();
  const updateContent = useUpdateContent();
  const deleteContent = useDeleteContent();
  const preview = useContentPreview(markdown, true, isMarkdown && showPreview);
  const fontSize = parseFontSize(fontSizeText);
  const saving = saveContent.isPending || updateContent.isPending;

  const resetForm = () => {
    setEditingId(null);
    setTitle('');
    setTitleError(null);
    setCategory('');
    setExtraData('');
    setFontSizeText(String(CONTENT_FONT_SIZE_EDITOR));
    setIsMarkdown(false);
    setMarkdown('');
    setShowPreview(false);
    setImages([]);
    richRef.current?.setHtml('');
  };

  const openPage = (item: ContentItem) => {
    setEditingId(item.id);
    setTitle(item.title);
    setTitleError(null);
    setCategory(item.category);
    setExtraData(item.extraData);
    setFontSizeText(String(item.font_size));
    setImages(splitContentImages(item.images));
    setShowPreview(false);
    setIsMarkdown(item.isMarkdown);
    setMarkdown(item.isMarkdown ? item.markdownSource : '');
    // The page's HTML as the server sanitised it.
    richRef.current?.setHtml(item.isMarkdown ? '' : item.content);
    setStatus({ tone: 'info', text: `Editing “${item.title}”.` });
    titleRef.current?.focus();
  };

  /** Rich text -> Markdown keeps the HTML (valid Markdown); Markdown -> rich text takes the server's rendering. */
  const switchMode = async (toMarkdown: boolean) => {
    if (toMarkdown) {
      setMarkdown(richRef.current?.getHtml() ?? '');
      setIsMarkdown(true);
      return;
    }
    setSwitching(true);
    try {
      const html = markdown.trim() === '' ? '' : await previewContent(markdown, true);
      richRef.current?.setHtml(html);
      setShowPreview(false);
      setIsMarkdown(false);
    } catch (error) {
      setStatus({ tone: 'error', text: `Could not convert the Markdown: ${errorMessage(error)}` });
    } finally {
      setSwitching(false);
    }
  };

  const onFormat = (format: TextFormat) => {
    if (!isMarkdown) {
      richRef.current?.applyFormat(format);
      return;
    }
    const area = textareaRef.current;
    if (!area) return;
    const next = applyMarkdownFormat(
      { text: area.value, selectionStart: area.selectionStart, selectionEnd: area.selectionEnd },
      format,
    );
    setMarkdown(next.text);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(next.selectionStart, next.selectionEnd);
    });
  };

  const insertIntoContent = (url: string, alt: string) => {
    if (!isMarkdown) {
      richRef.current?.insertImage(url, alt);
      return;
    }
    const area = textareaRef.current;
    setMarkdown((text) => {
      const at = area && !showPreview ? area.selectionEnd : text.length;
      return insertBlockAfterLine(text, at, markdownImage(url, alt)).text;
    });
  };

  const onFiles = async (files: File[]) => {
    if (title.trim() === '') {
      setTitleError(MSG.titleRequired);
      return;
    }
    setUploading(true);
    const failures: string[] = [];
    let uploaded = 0;
    for (const file of files) {
      try {
        const url = await uploadContentImage(title, file);
        setImages((list) => (list.includes(url) ? list : [...list, url]));
        insertIntoContent(url, altFromFileName(file.name));
        uploaded += 1;
      } catch (error) {
        failures.push(`${file.name}: ${errorMessage(error)}`);
      }
    }
    setUploading(false);
    if (failures.length > 0) {
      setStatus({ tone: 'error', text: `${MSG.imageUploadFailed} ${failures.join('; ')}` });
    } else if (uploaded > 0) {
      setStatus({
        tone: 'success',
        text: uploaded === 1 ? MSG.imageUploaded : `${uploaded} images uploaded successfully.`,
      });
    }
  };

  const onDeleteImages = async (urls: string[]) => {
    setImages((list) => list.filter((url) => !urls.includes(url)));
    for (const url of urls) {
      if (isMarkdown) setMarkdown((text) => removeMarkdownImage(text, url));
      else richRef.current?.removeImages(url);
    }
    const failures: string[] = [];
    for (const url of urls) {
      try {
        await deleteContentImage(url);
      } catch (error) {
        failures.push(errorMessage(error));
      }
    }
    setStatus(
      failures.length > 0
        ? { tone: 'error', text: `${MSG.failedToDeleteImage}: ${failures.join('; ')}` }
        : {
            tone: 'info',
            text: `${urls.length === 1 ? 'Image' : `${urls.length} images`} removed. Save the page to keep the change.`,
          },
    );
  };

  const onSave = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    if (title.trim() === '') {
      setTitleError(MSG.titleRequired);
      return;
    }
    setTitleError(null);
    // The field says so (and the error summary lists it).
    if (fontSize === null) return;
    const draft: ContentDraft = {
      title: title.trim(),
      content: isMarkdown ? markdown : (richRef.current?.getHtml() ?? ''),
      fontSize,
      category: category.trim(),
      extraData: extraData.trim(),
      images: images.join(','),
      isMarkdown,
    };
    try {
      const saved =
        editingId === null
          ? await saveContent.mutateAsync(draft)
          : await updateContent.mutateAsync({ id: editingId, draft });
      setEditingId(saved.id);
      // Show what the server kept (it sanitises what it stores).
      if (saved.isMarkdown) setMarkdown(saved.markdownSource);
      else richRef.current?.setHtml(saved.content);
      setStatus({ tone: 'success', text: MSG.contentSaved });
    } catch (error) {
      setStatus({ tone: 'error', text: `${MSG.errorSavingContent} ${errorMessage(error)}` });
    }
  };

  const confirmDelete = async () => {
    const item = pendingDelete;
    if (!item) return;
    try {
      await deleteContent.mutateAsync(item.id);
      if (item.id === editingId) resetForm();
      setStatus({ tone: 'success', text: `“${item.title}” was deleted.` });
    } catch (error) {
      setStatus({ tone: 'error', text: `${MSG.failedToDeleteContent}: ${errorMessage(error)}` });
    } finally {
      setPendingDelete(null);
    }
  };

  return (
    <FormCard
      title={TITLE}
      intro="Write pages for the navigation menus: the extra data is the menu's name, the category groups pages inside it."
    >
      <Form onSubmit={onSave} className={styles.form} error={status?.tone === 'error' ? status.text : null}>
        <p className={styles.mode}>
          {editingId === null ? 'New page' : `Editing page #${editingId}`}
          {editingId !== null ? (
            <Button
              variant="secondary"
              onClick={() => {
                resetForm();
                setStatus(null);
              }}
            >
              New page
            </Button>
          ) : null}
        </p>
        <FormGrid>
          <FormField label="Title" required error={titleError}>
            {(control) => (
              <input
                {...control}
                ref={titleRef}
                value={title}
                maxLength={CONTENT_TITLE_MAX}
                onChange={(event) => {
                  setTitle(event.target.value);
                  if (event.target.value.trim()) setTitleError(null);
                }}
              />
            )}
          </FormField>
          <TextField
            label="Category"
            value={category}
            maxLength={CONTENT_NAME_MAX}
            hint="Groups pages inside a menu."
            onChange={(event) => setCategory(event.target.value)}
          />
          <TextField
            label="Extra data"
            value={extraData}
            maxLength={CONTENT_NAME_MAX}
            hint="The menu's name in the navigation."
            onChange={(event) => setExtraData(event.target.value)}
          />
          <TextField
            label="Font size (px)"
            type="number"
            inputMode="numeric"
            min={CONTENT_FONT_SIZE_MIN}
            max={CONTENT_FONT_SIZE_MAX}
            value={fontSizeText}
            error={
              fontSize === null
                ? `Font size must be a whole number from ${CONTENT_FONT_SIZE_MIN} to ${CONTENT_FONT_SIZE_MAX}.`
                : null
            }
            onChange={(event) => setFontSizeText(event.target.value)}
          />
        </FormGrid>

        <div className={styles.switches}>
          <label className={styles.switch}>
            <input
              type="checkbox"
              checked={isMarkdown}
              disabled={switching}
              onChange={(event) => void switchMode(event.currentTarget.checked)}
            />
            Write in Markdown
          </label>
          {isMarkdown ? (
            <Button variant="secondary" aria-pressed={showPreview} onClick={() => setShowPreview((v) => !v)}>
              {showPreview ? 'Hide preview' : 'Show preview'}
            </Button>
          ) : null}
        </div>

        <div className={styles.editor}>
          <p id={ids.editorLabel} className={styles.editorLabel}>
            Content
          </p>
          <EditorToolbar
            onFormat={onFormat}
            controls={isMarkdown ? ids.markdown : ids.editor}
            disabled={isMarkdown && showPreview}
          />
          <RichTextEditor
            ref={richRef}
            id={ids.editor}
            labelId={ids.editorLabel}
            describedBy={ids.editorHint}
            fontSize={fontSize ?? CONTENT_FONT_SIZE_EDITOR}
            hidden={isMarkdown}
          />
          {isMarkdown ? (
            showPreview ? (
              <div className={styles.preview} aria-live="polite">
                {preview.isPending ? (
                  <p className={styles.muted}>Rendering preview…</p>
                ) : preview.isError ? (
                  <StatusMessage tone="error">{errorMessage(preview.error)}</StatusMessage>
                ) : (
                  <ServerHtml html={preview.data} fontSize={fontSize} />
                )}
              </div>
            ) : (
              <textarea
                id={ids.markdown}
                ref={textareaRef}
                className={styles.markdown}
                aria-labelledby={ids.editorLabel}
                aria-describedby={ids.editorHint}
                value={markdown}
                style={{ fontSize: `${fontSize ?? CONTENT_FONT_SIZE_EDITOR}px` }}
                onChange={(event) => setMarkdown(event.target.value)}
              />
            )
          ) : null}
          <p id={ids.editorHint} className={styles.hint}>
            {isMarkdown
              ? 'Markdown: **bold**, *italic*, # Heading. Use Show preview to see the page.'
              : 'Select text, then use the buttons above. Pasted text keeps its words, not its formatting.'}
          </p>
        </div>

        <FormSection legend="Images">
          <ImageDropZone
            onFiles={(files) => void onFiles(files)}
            busy={uploading}
            disabledReason={title.trim() === '' ? 'Enter a title first: image names start with it.' : null}
          />
          <div className={styles.grid}>
            <ContentImageGrid images={images} onDeleteSelected={(urls) => void onDeleteImages(urls)} />
          </div>
        </FormSection>

        {status && status.tone !== 'error' ? (
          <StatusMessage tone={status.tone}>{status.text}</StatusMessage>
        ) : null}
        <FormActions>
          <Button type="submit" disabled={saving || uploading}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
          {editingId !== null ? (
            <a
              href={`/content/${editingId}`}
              target="_blank"
              rel="noopener noreferrer"
              className={styles.viewLink}
            >
              View page (opens in a new tab)
            </a>
          ) : null}
        </FormActions>
      </Form>

      <ContentList currentId={editingId} onOpen={openPage} onDelete={setPendingDelete} />

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete this page?"
        confirmLabel="Delete page"
        busy={deleteContent.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPendingDelete(null)}
      >
        <p>“{pendingDelete?.title}” will be removed from the site and its menu. This cannot be undone.</p>
      </ConfirmDialog>
    </FormCard>
  );
}
