import { msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { CODE_KINDS, PROCEDURE_CODE_MAX_LENGTH, PROCEDURE_CODE_PATTERN } from '@clinic/contract/procedures';
import { type FormEvent, useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { Button } from '../../../components/button';
import { Form, FormActions, FormCard, FormGrid } from '../../../components/form-card';
import { FormField, TextField } from '../../../components/form-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useAddCode } from '../api/add-code';

const TITLE = 'Register Procedure or Diagnosis';
const CODE_RE = new RegExp(PROCEDURE_CODE_PATTERN);

interface CodeForm {
  kind: string;
  code: string;
  description: string;
  picture: string;
}

const EMPTY: CodeForm = { kind: 'P', code: '', description: '', picture: '' };

/** /register/procedure-diagnosis (ADMIN, MANAGER): a CPT/HCPCS procedure or an ICD-10 diagnosis code. */
export function RegisterProcedurePage() {
  const session = useSession();
  if (!can(session?.role, 'procedure:manage')) {
    return (
      <AccessDenied
        title={TITLE}
        reason="Only managers and administrators can register procedure and diagnosis codes."
        signedOut={!session}
      />
    );
  }
  return <CodeRegistration />;
}

function CodeRegistration() {
  useDocumentTitle(TITLE);
  const add = useAddCode();
  const [form, setForm] = useState<CodeForm>(EMPTY);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const set = (key: keyof CodeForm, value: string) => setForm((previous) => ({ ...previous, [key]: value }));

  const code = form.code.trim().toUpperCase();
  const kindLabel = CODE_KINDS.find((k) => k.letter === form.kind)?.type ?? 'code';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const problem =
      code === ''
        ? 'Please enter the code.'
        : CODE_RE.test(code)
          ? null
          : 'Letters, digits, dots or hyphens, with at least one digit (e.g. 97110 or M54.50).';
    setCodeError(problem);
    if (problem) return;
    try {
      const saved = await add.mutateAsync({
        code,
        description: form.description.trim(),
        differenceCode: form.kind,
        picture: form.picture,
      });
      setStatus({ tone: 'success', text: `${saved.code} saved as a ${kindLabel} code.` });
      setForm({ ...EMPTY, kind: form.kind });
    } catch (error) {
      setStatus({ tone: 'error', text: msg.error(errorMessage(error)) });
    }
  }

  return (
    <FormCard
      title={TITLE}
      intro="Procedure codes (CPT, HCPCS) and diagnosis codes (ICD-10) can then be chosen on authorizations."
    >
      <Form onSubmit={onSubmit} error={status?.tone === 'error' ? status.text : null}>
        <FormGrid>
          <FormField label="Type" required>
            {(control) => (
              <select {...control} value={form.kind} onChange={(event) => set('kind', event.target.value)}>
                {CODE_KINDS.map((kind) => (
                  <option key={kind.letter} value={kind.letter}>
                    {kind.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <TextField
            label="Code"
            required
            autoComplete="off"
            maxLength={PROCEDURE_CODE_MAX_LENGTH}
            hint={form.kind === 'D' ? 'ICD-10, e.g. M54.50' : 'CPT or HCPCS, e.g. 97110'}
            value={form.code}
            error={codeError ?? undefined}
            onChange={(event) => set('code', event.target.value)}
          />
        </FormGrid>
        <FormField label="Description">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={500}
              value={form.description}
              onChange={(event) => set('description', event.target.value)}
            />
          )}
        </FormField>
        <ImageUploadField
          label="Picture"
          directory="procedurediagnosis"
          value={form.picture}
          onChange={(name) => set('picture', name)}
          filenameFor={(file) => `${code}-${file.name}`}
          disabledReason={code === '' ? 'Enter the code first: the picture is stored under it.' : null}
          previewAlt={form.picture ? 'Chosen picture' : 'Default picture'}
        />
        <div aria-live="polite">
          {status?.tone === 'success' ? <StatusMessage tone="success">{status.text}</StatusMessage> : null}
        </div>
        <FormActions>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Saving…' : 'Save code'}
          </Button>
        </FormActions>
      </Form>
    </FormCard>
  );
}
