import { INVENTORY_PRICE_MAX } from '@clinic/contract/inventory';
import { MSG } from '@clinic/contract/messages';
import { FormGrid } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { uploadInventoryPicture } from '../api/upload-inventory-picture';
import {
  INVENTORY_DESCRIPTION_MAX,
  INVENTORY_TITLE_MAX,
  type InventoryErrors,
  type InventoryValues,
} from './inventory-values';

interface InventoryFieldsProps {
  values: InventoryValues;
  onChange: (values: InventoryValues) => void;
  /** The errors of the last submit, shown under their fields. */
  errors: InventoryErrors;
  /** The saved item's id: its picture can be uploaded (a new item gets one after it is created). */
  itemId?: number;
}

/** Title, description, price, sale dates and, for a saved item, its picture (spec §5). */
export function InventoryFields({ values, onChange, errors, itemId }: InventoryFieldsProps) {
  const set = (field: keyof InventoryValues) => (value: string) => onChange({ ...values, [field]: value });
  return (
    <>
      <TextField
        label="Title"
        required
        value={values.title}
        maxLength={INVENTORY_TITLE_MAX}
        error={errors.title}
        onChange={(event) => set('title')(event.target.value)}
      />
      <FormField label="Description" required error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={values.description}
            maxLength={INVENTORY_DESCRIPTION_MAX}
            onChange={(event) => set('description')(event.target.value)}
          />
        )}
      </FormField>
      <TextField
        label="Price (points)"
        required
        type="number"
        inputMode="numeric"
        min={0}
        max={INVENTORY_PRICE_MAX}
        step={1}
        value={values.price}
        error={errors.price}
        hint="What the reward costs in points; 0 makes it free."
        onChange={(event) => set('price')(event.target.value)}
      />
      <FormGrid>
        <TextField
          label="Start date"
          required
          type="date"
          value={values.startDate}
          error={errors.startDate}
          onChange={(event) => set('startDate')(event.target.value)}
        />
        <TextField
          label="End date"
          required
          type="date"
          min={values.startDate || undefined}
          value={values.endDate}
          error={errors.endDate}
          hint="On sale from the start to the end date, both included."
          onChange={(event) => set('endDate')(event.target.value)}
        />
      </FormGrid>
      {itemId !== undefined ? (
        <ImageUploadField
          label="Picture"
          directory="inventory"
          value={values.picture}
          onChange={set('picture')}
          upload={(file) => uploadInventoryPicture(itemId, file)}
          uploadedMessage={MSG.imageUploaded}
        />
      ) : null}
    </>
  );
}
