import type { InventoryBody } from '@clinic/contract/inventory';
import { useState } from 'react';
import {
  checkInventoryValues,
  type InventoryErrors,
  type InventoryValues,
  inventoryBodyOf,
} from './inventory-values';

/**
 * The state of an inventory form (create or edit): its values, and the field errors of the last submit,
 * which clear field by field as they are corrected. `submit` checks, then hands the body on.
 */
export function useInventoryForm(initial: InventoryValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<InventoryErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const onChange = (next: InventoryValues) => {
    setValues(next);
    if (submitted) setErrors(checkInventoryValues(next));
  };

  /** The body to send, or null when a field needs fixing (its error is then shown). */
  const validBody = (): InventoryBody | null => {
    setSubmitted(true);
    const found = checkInventoryValues(values);
    setErrors(found);
    return Object.keys(found).length === 0 ? inventoryBodyOf(values) : null;
  };

  const reset = (next: InventoryValues) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, onChange, validBody, reset };
}
