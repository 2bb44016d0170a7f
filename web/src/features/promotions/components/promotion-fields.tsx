import { titleSlug } from '@clinic/contract/content-rules';
import { MSG } from '@clinic/contract/messages';
import { PROMOTION_DESCRIPTION_MAX, PROMOTION_TITLE_MAX } from '@clinic/contract/promotion-status';
import { FormField, TextField } from '../../../components/form-field';
import { ImageUploadField } from '../../../components/image-upload-field';

export interface PromotionValues {
  title: string;
  description: string;
  /** The stored file name in the 'promotion' image folder ('' for none). */
  picture: string;
}

interface PromotionFieldsProps {
  values: PromotionValues;
  onChange: (values: PromotionValues) => void;
  /** Marks the fields that are still empty after a submit. */
  showMissing?: boolean;
}

/** Title, description and picture of a promotion; the picture can be uploaded once there is a title (spec §5). */
export function PromotionFields({ values, onChange, showMissing = false }: PromotionFieldsProps) {
  const missing = (value: string) => (showMissing && value.trim() === '' ? 'Required.' : null);
  return (
    <>
      <TextField
        label="Title"
        required
        value={values.title}
        maxLength={PROMOTION_TITLE_MAX}
        error={missing(values.title)}
        onChange={(event) => onChange({ ...values, title: event.target.value })}
      />
      <FormField label="Description" required error={missing(values.description)}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            maxLength={PROMOTION_DESCRIPTION_MAX}
            onChange={(event) => onChange({ ...values, description: event.target.value })}
          />
        )}
      </FormField>
      <ImageUploadField
        label="Image"
        directory="promotion"
        value={values.picture}
        onChange={(picture) => onChange({ ...values, picture })}
        filenameFor={(file) => `${titleSlug(values.title) || 'promotion'}-${file.name}`}
        disabledReason={
          values.title.trim() === '' ? 'Enter a title first: the image is named after it.' : null
        }
        uploadedMessage={MSG.promotionImageUploaded}
      />
    </>
  );
}
