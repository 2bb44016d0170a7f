import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Form } from './form-card';
import { FormDialog } from './form-dialog';
import { TextField } from './form-field';

/** Two required fields, and the server's refusal when the test gives one. */
function OfficeForm({ refusal = null }: { refusal?: string | null }) {
  const [values, setValues] = useState({ name: '', zone: '' });
  const [errors, setErrors] = useState<{ name?: string; zone?: string }>({});
  const [sent, setSent] = useState(false);
  return (
    <Form
      aria-label="Office"
      error={sent ? refusal : null}
      onSubmit={() => {
        const found = {
          ...(values.name.trim() ? {} : { name: 'Enter the office name.' }),
          ...(values.zone.trim() ? {} : { zone: 'Choose the time zone the office is in.' }),
        };
        setErrors(found);
        setSent(Object.keys(found).length === 0);
      }}
    >
      <TextField
        label="Office name"
        value={values.name}
        error={errors.name}
        onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
      />
      <TextField
        label="Time zone"
        value={values.zone}
        error={errors.zone}
        onChange={(e) => setValues((v) => ({ ...v, zone: e.target.value }))}
      />
      <button type="submit">Register</button>
    </Form>
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));

describe('Form: the error summary (issue 28)', () => {
  it('lists every error at the top, linked to its field, and focuses the first invalid field', () => {
    render(<OfficeForm />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    submit();
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    const form = screen.getByRole('form', { name: 'Office' });
    expect(form.firstElementChild).toBe(summary);
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Enter the office name.',
      'Choose the time zone the office is in.',
    ]);
    expect(screen.getByLabelText('Office name')).toHaveFocus();

    fireEvent.click(links[1]!);
    expect(screen.getByLabelText('Time zone')).toHaveFocus();
    expect(links[1]).toHaveAttribute('href', `#${screen.getByLabelText('Time zone').id}`);
  });

  it('keeps to the errors left, and goes when none is', () => {
    render(<OfficeForm />);
    submit();
    fireEvent.input(screen.getByLabelText('Office name'), { target: { value: 'Denver' } });
    submit();
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Choose the time zone the office is in.']);
    expect(screen.getByLabelText('Time zone')).toHaveFocus();
    fireEvent.input(screen.getByLabelText('Time zone'), { target: { value: 'America/Denver' } });
    submit();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("lists the server's refusal and takes focus there, as there is no field to go to", () => {
    render(<OfficeForm refusal="An office with that name already exists." />);
    fireEvent.input(screen.getByLabelText('Office name'), { target: { value: 'Denver' } });
    fireEvent.input(screen.getByLabelText('Time zone'), { target: { value: 'America/Denver' } });
    submit();
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent('An office with that name already exists.');
    expect(summary).toHaveFocus();
  });

  it('a dialog form has the same summary', () => {
    function Dialog() {
      const [error, setError] = useState<string | undefined>();
      return (
        <FormDialog
          title="Edit office"
          onClose={() => {}}
          onSubmit={() => setError('Enter the office name.')}
        >
          <TextField label="Office name" error={error} defaultValue="" />
        </FormDialog>
      );
    }
    render(<Dialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Enter the office name.' })).toBeInTheDocument();
    expect(screen.getByLabelText('Office name')).toHaveFocus();
  });
});
