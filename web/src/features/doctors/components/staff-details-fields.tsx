import { FormField } from '../../../components/form-field';
import { ImageUploadField } from '../../../components/image-upload-field';

interface StaffDetailsFieldsProps {
  bio: string;
  doctorPicture: string;
  onBio: (bio: string) => void;
  onPicture: (storedName: string) => void;
  /** Prefix of an uploaded picture's stored name (the account's username). */
  uploadPrefix: string;
}

/** The profile details a staff record shows in the care-team directory: bio and picture. */
export function StaffDetailsFields({
  bio,
  doctorPicture,
  onBio,
  onPicture,
  uploadPrefix,
}: StaffDetailsFieldsProps) {
  return (
    <>
      <FormField label="Bio" hint="Shown on the care-team directory. Plain text.">
        {(control) => (
          <textarea
            {...control}
            rows={5}
            maxLength={4000}
            value={bio}
            onChange={(event) => onBio(event.target.value)}
          />
        )}
      </FormField>
      <ImageUploadField
        label="Picture"
        directory="doctor"
        value={doctorPicture}
        onChange={onPicture}
        filenameFor={(file) => `${uploadPrefix}-${file.name}`}
        previewAlt={doctorPicture ? 'Chosen picture' : 'Default picture'}
      />
    </>
  );
}
