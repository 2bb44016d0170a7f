/** Business constants and limits of spec §9. */
export const CAROUSEL_AUTOPLAY_MS = 6000;
export const CAROUSEL_TRANSITION_MS = 800;
export const CAROUSEL_ARROWS_MIN_WIDTH_PX = 768;
export const MENU_CLOSE_DELAY_MS = 200;
export const FAQ_PANEL_MAX_HEIGHT_PX = 500;
export const MAP_EMBED_WIDTH = 300;
export const MAP_EMBED_HEIGHT = 200;

export const OFFICE_HOURS_WINDOW_DAYS = 7;
export const SLOT_MINUTES = 30;
export const DEFAULT_INCREMENTS = 1;

export const CONTENT_FONT_SIZE_VIEWER = 16;
export const CONTENT_FONT_SIZE_EDITOR = 18;

export const WELCOME_POINTS = 5;
export const INITIAL_POINTS = 0;
export const POINTS_PER_COMPLETED_APPOINTMENT = 1;
export const POINTS_PER_RATING = 1;
export const PATIENT_POINTS_REFRESH_MS = 30_000;

export const INACTIVITY_WARNING_MS = 240_000;
export const INACTIVITY_LOGOUT_MS = 300_000;
export const PATIENT_SESSION_MS = 1_800_000;
/**
 * A cookie the web app keeps while a user is signed in (value '1': no credential, the token stays in local
 * storage). Pages prerendered for signed-out visitors are not sent to a browser that has it: it gets the
 * app's shell (docs/decisions/0050). The app renews it on every start, so it outlives no session by long.
 */
export const SIGNED_IN_COOKIE = 'signed_in';
export const SIGNED_IN_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/**
 * The server records a session's use at most this often, and the web app reports a user's activity at
 * most this often; the server refuses a session unused for INACTIVITY_LOGOUT_MS plus this interval.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** Staff tokens last a working day (docs/architecture.md, Accounts and tokens). */
export const STAFF_SESSION_MS = 10 * 60 * 60 * 1000;

export const REGISTRATION_MIN_ELAPSED_MS = 3000;

export const DEFAULT_DOCTOR_RATING = 100;
export const DEFAULT_COMPLETION_RATING = 100;
export const RATING_MIN = 1;
export const RATING_MAX = 10;

export const NOT_SURE_DOCTOR_ID = 15;
export const NOT_SURE_DOCTOR_NAME = 'Not Sure';

export const DEFAULT_VISIT_TYPES = ['eval', 'visit (pay)'] as const;
export const INSURANCE_ACTIVE_OPTIONS = ['visit', 'double', 'acupuncture'] as const;
export const SEX_OPTIONS = ['Male', 'Female', 'Other'] as const;
export const VOUCHER_PREFIX = 'Voucher-';

export const CAPTCHA_TYPES = ['rotate', 'slider', 'click'] as const;
export const CAPTCHA_WIDTH = 320;
export const CAPTCHA_HEIGHT = 180;
export const CAPTCHA_DEFAULT_HINT = 'Rotate upright';

export const DIRECTORY_PAGE_SIZE = 10;
export const DIRECTORY_SPECIALTIES = [
  'physical therapist',
  'massage therapist',
  'acupuncture',
  'pt staff',
] as const;
/** Home search (spec §5) is narrower than the directory. */
export const HOME_SEARCH_SPECIALTIES = ['physical therapist', 'massage therapist', 'pt staff'] as const;
export const HOME_SEARCH_EXCLUDED_SPECIALTIES = ['ADMIN', 'FRONT_DESK'] as const;
/** The most results a home search answers (the screen shows the first; spec §5). */
export const HOME_SEARCH_MAX = 20;
export const INSURANCE_PAGE_SIZE = 9;
export const ALL_PATIENTS_PAGE_SIZE = 5;

export const SUCCESS_MESSAGE_MS = 3000;
export const LOGIN_REDIRECT_MS = 1500;
export const INVENTORY_MIN_PRICE = 0;

export const DEFAULT_IMAGE = '/images/default.png';
export const DEFAULT_DOCTOR_IMAGE = '/images/doctor/default.jpg';
export const DEFAULT_INSURANCE_IMAGE = '/images/insurance/default.jpg';

export const CONTENT_IMAGE_FOLDER = 'content';
export const INVENTORY_IMAGE_FOLDER = 'inventory';
export const IMAGE_DIRECTORIES = [
  'header',
  'doctors',
  'promotion',
  'office',
  'content',
  'inventory',
  'doctor',
  'insurance',
  'procedurediagnosis',
  'pointinventory',
] as const;

export const APPOINTMENT_STATUSES = [
  'Scheduled',
  'Walked In',
  'In Room',
  'Completed',
  'Canceled',
  'No Show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const PRACTICE_PHONE = '(888) 555-0142';
export const PRACTICE_EMAIL = 'care@summitpt.example';
export const PRACTICE_NAME = 'Summit Physical Therapy';
export const PRACTICE_TAGLINE = 'Physical therapy, massage and acupuncture close to home';
