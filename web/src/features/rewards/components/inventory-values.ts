import { INVENTORY_PRICE_MAX, type InventoryBody, type InventoryItem } from '@clinic/contract/inventory';

/** The inventory form as typed (the price stays text until it is checked). */
export interface InventoryValues {
  title: string;
  description: string;
  price: string;
  startDate: string;
  endDate: string;
  /** The stored picture name ('' for none); only an item that is saved can get one. */
  picture: string;
}

export type InventoryErrors = Partial<Record<keyof InventoryValues, string>>;

export const EMPTY_INVENTORY_VALUES: InventoryValues = {
  title: '',
  description: '',
  price: '',
  startDate: '',
  endDate: '',
  picture: '',
};

export const INVENTORY_TITLE_MAX = 200;
export const INVENTORY_DESCRIPTION_MAX = 2000;

export function valuesOf(item: InventoryItem): InventoryValues {
  return {
    title: item.title,
    description: item.description,
    price: String(item.price),
    startDate: item.startDate.slice(0, 10),
    endDate: item.endDate.slice(0, 10),
    picture: hasPicture(item.picture) ? item.picture : '',
  };
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The form's checks (spec §5): title, description, price (a whole number of points, at least 0), start
 * and end dates are required, and the end may not be before the start. The server checks the same.
 */
export function checkInventoryValues(values: InventoryValues): InventoryErrors {
  const errors: InventoryErrors = {};
  if (values.title.trim() === '') errors.title = 'Enter a title.';
  if (values.description.trim() === '') errors.description = 'Enter a description.';
  const price = values.price.trim();
  if (price === '') errors.price = 'Enter a price in points.';
  else if (!/^\d+$/.test(price)) errors.price = 'The price is a whole number of points, 0 or more.';
  else if (Number(price) > INVENTORY_PRICE_MAX)
    errors.price = `The price may be at most ${INVENTORY_PRICE_MAX.toLocaleString('en-US')} points.`;
  if (values.startDate === '') errors.startDate = 'Choose a start date.';
  else if (!isCalendarDate(values.startDate)) errors.startDate = 'Enter the date as YYYY-MM-DD.';
  if (values.endDate === '') errors.endDate = 'Choose an end date.';
  else if (!isCalendarDate(values.endDate)) errors.endDate = 'Enter the date as YYYY-MM-DD.';
  else if (!errors.startDate && values.endDate < values.startDate)
    errors.endDate = 'The end date may not be before the start date.';
  return errors;
}

/** The body of POST /inventory/add and PUT /inventory/update/{id}, from values that passed the checks. */
export function inventoryBodyOf(values: InventoryValues): InventoryBody {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: Number(values.price.trim()),
    picture: values.picture,
    startDate: values.startDate,
    endDate: values.endDate,
  };
}

/** Whether an item has a picture to show (spec §2: not empty and not the text null or undefined). */
export function hasPicture(picture: string | null | undefined): picture is string {
  const value = (picture ?? '').trim();
  return value !== '' && value !== 'null' && value !== 'undefined';
}

export type SaleStatus = 'On sale' | 'Upcoming' | 'Ended';

/** Where an item stands on `today` (yyyy-mm-dd): on sale from its start to its end date inclusive. */
export function saleStatusOf(item: Pick<InventoryItem, 'startDate' | 'endDate'>, today: string): SaleStatus {
  if (today < item.startDate.slice(0, 10)) return 'Upcoming';
  if (today > item.endDate.slice(0, 10)) return 'Ended';
  return 'On sale';
}

/** Today's date on this device's calendar, yyyy-mm-dd. */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** '1 point', '1,200 points'. */
export function pointsText(points: number): string {
  return `${points.toLocaleString('en-US')} ${points === 1 ? 'point' : 'points'}`;
}
