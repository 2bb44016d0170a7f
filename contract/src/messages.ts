/**
 * The spec's user-visible words (§5 and §8), verbatim, shared by the server, the web app and the tests.
 * Functions build the messages that carry a value.
 */
export const MSG = {
  // Login and session (§8)
  loginFailed: 'Login failed. Please check your credentials.',
  loginSuccessful: 'Login successful',
  loginFailedFallback: 'Login failed',
  loggedOutInactivity: 'You have been logged out due to inactivity.',
  sessionExpired: 'Your session has expired. Please log in again.',
  unauthorized: 'You need to sign in to do that.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',

  // Password reset (§8)
  requestingResetCode: 'Requesting reset code...',
  verificationCodeSent: 'Verification code sent to your email.',
  resettingPassword: 'Resetting password...',
  passwordResetSuccessful: 'Password reset successful. Logging in...',
  failedToResetPassword: 'Failed to reset password.',
  failedToSendResetCode: 'Failed to send reset code',

  // Registration and anti-bot (§5, §8)
  registrationSuccessful: "Registration successful. You've earned 5 welcome points!",
  submissionRejected: 'Submission rejected.',
  reviewDetails: 'Please review your details and try again.',
  duplicateEmail: 'That email is already in use. Please use a different one.',
  duplicateUsername: 'That username is already taken. Please choose another.',
  passwordHint: 'Use at least 8 characters.',
  dateHint: 'Format: YYYY-MM-DD',
  captchaFailed: 'Captcha failed. Try again.',
  captchaLoadFailed: 'Could not load a new challenge. Please try again.',
  captchaTryAgain: 'Please try submitting again.',

  // Home search (§5)
  onlyDoctorsViewable: 'Only doctors are viewable.',
  noResultsFound: 'No results found.',
  noPatientsFound: 'No patients found.',

  // Appointments (§5, §8)
  appointmentAdded: 'Appointment successfully added!',
  appointmentAddError: 'An error occurred while adding the appointment.',
  appointmentUpdated: 'Appointment updated successfully.',
  appointmentDeleted: 'Appointment deleted.',
  completeRequiredFields: 'Please complete all required fields including time.',
  patientNotSelected: 'Patient is not selected.',
  selectOfficeFirst: 'Please select an office before choosing a date.',
  noOfficeHours: 'No available office hours for this date.',
  noActiveAuthorization: 'No active authorization found. Defaulting to evaluation.',
  confirmCancel: 'Are you sure you want to Cancel this appointment?',
  confirmNoShow: 'Are you sure you want to mark this appointment as No Show?',
  // Check-in on the visit's own day, and undo (ours, issue 28; docs/decisions/0054)
  nothingToUndo: 'There is no status to undo: the visit is Scheduled.',
  canceledNotUndone:
    'A canceled visit cannot be undone: its patient has been told and its time offered to others. Please book the visit again.',
  undoRated: 'The patient has already rated this visit, so its completion cannot be undone.',
  undoPointSpent:
    'The patient has already spent the point this visit earned, so its completion cannot be undone.',

  // Offices (§2, §8)
  officeInfoUpdated: 'Office info updated',
  officeInfoUpdateFailed: 'Failed to update office info',
  noFileOrOffice: 'No file selected or office not chosen.',
  noAddressProvided: 'No address provided',
  noAddressForMap: 'No address for map',
  notProvided: 'Not Provided',
  closed: 'Closed',
  notAvailable: 'Not available',
  selectOfficeAndDate: 'Please select an office and a valid date.',

  // Insurance (§2, §8)
  insuranceUpdated: 'Insurance updated successfully!',
  insuranceUpdateFailed: 'Failed to update insurance.',
  missingInsuranceId: 'Missing insurance ID. Cannot save.',
  insuranceLoadFailed: 'Failed to load insurance details.',

  // Care team (§2)
  noBio: 'This therapist has not added a bio yet.',
  careTeamSearchPlaceholder: 'Search by name, office or specialty',

  // Patient service fallbacks (§8): shown when the server's answer carries no message
  patientFetchFailed: 'Fetch failed',
  patientSearchFailed: 'Search failed',
  patientDetailsUpdateFailed: 'Failed to update patient details',
  patientUpdateFailed: 'Update failed',

  // Dashboard (§8)
  noPatientIdStored: 'No patient ID found in local storage.',
  detailsUpdated: 'Details updated successfully!',
  accountUpdated: 'Account updated successfully!',
  preferencesUpdated: 'Preferences updated successfully!',
  failedToSaveChanges: 'Failed to save changes',
  failedToDelete: 'Failed to delete',
  permissionIdMissing: 'Permission ID missing.',
  namesRequired: 'First name and last name are required.',
  newUsernameOrPassword: 'Please enter a new username or password.',

  // Doctor registration (§8)
  doctorCredentialsRegistered: 'Doctor Auth Credentials Registered',
  doctorEntityCreated: 'Doctor Entity Created',
  doctorInfoUpdated: 'Doctor Info Updated',

  // Doctor calls (§8)
  failedToFetchDoctors: 'Failed to fetch doctors',
  failedToFetchClockStatus: 'Failed to fetch clock status',
  failedToFetchTodaysLog: "Failed to fetch today's log",
  // Doctor clock transitions the spec's buttons never offer out of turn (ours, §4).
  alreadyClockedIn: 'You are already clocked in.',
  notClockedIn: 'You are not clocked in.',
  alreadyOnBreak: 'You are already on a break.',
  notOnBreak: 'You are not on a break.',

  // Authorizations, insurance-patient (§5)
  selectStartAndEnd: 'Please select both start and end dates.',
  patientAndInsuranceRequired: 'Please select a patient and an insurance.',
  insuranceRecordSaved: 'Insurance record saved.',
  authorizationSaved: 'Authorization saved.',
  authorizationUpdated: 'Authorization updated.',
  authorizationDeleted: 'Authorization deleted.',
  confirmDeleteAuthorization: 'Are you sure you want to delete this authorization?',

  // Inventory (§8)
  itemCreated: 'Item created successfully!',
  itemUpdated: 'Item updated successfully!',
  itemDeleted: 'Item deleted successfully!',
  errorSavingItem: 'Error saving item.',
  errorDeletingItem: 'Error deleting item.',
  accessDenied: 'Access Denied',
  loginToRedeem: 'Login as a patient to redeem this reward.',
  errorCompletingPurchase: 'Error completing purchase.',
  // Rewards, receipts and ratings (ours, issue 11)
  confirmDeleteItem: 'Are you sure you want to delete this item?',
  purchaseComplete: 'Purchase complete! Your reward is waiting in My Rewards History.',
  notEnoughPoints: 'You do not have enough points for this reward.',
  rewardNotOnSale: 'This reward is not available today.',
  receiptAlreadyRefunded: 'This receipt has already been refunded.',
  receiptReceivedNoRefund: 'A reward that has been received cannot be refunded.',
  pointsUpdated: 'Points updated.',
  pointsReasonRequired: 'Please give a reason for the change.',
  pointsAlreadyAwarded: 'Points for this appointment were already awarded.',
  ratingThanks: 'Thank you for rating your visit!',
  ratingAlreadyGiven: 'This visit has already been rated.',
  ratingOnlyCompleted: 'Only a completed visit can be rated.',
  ratingsScaleHint: 'Please choose a whole number from 1 to 10 for both ratings.',
  noRatingsFound: 'No ratings found.',
  noRewardsAvailable: 'No rewards are available right now.',
  noReceiptsYet: 'You have not redeemed any rewards yet.',
  // Handing a reward over at the desk (issue 28)
  confirmHandOver:
    'Has the patient received this reward? It then shows as Received, to the patient too, and can no longer be refunded.',
  rewardHandedOver: 'Reward marked as handed over.',

  // Images and promotions (§5, §8)
  imageUploaded: 'Image uploaded successfully.',
  promotionImageUploaded: 'Image uploaded successfully!',
  imageUploadFailed: 'Failed to upload image.',
  promotionCreated: 'Promotion created successfully!',
  promotionCreateFailed: 'Failed to create promotion.',
  promotionFieldsRequired: 'Please fill in all fields and upload an image.',
  noActivePromotions: 'No Active Promotions',

  // Content (§8)
  titleRequired: 'Title is required.',
  contentSaved: 'Content saved successfully.',
  errorSavingContent: 'Error saving content.',
  // Content service (§8)
  failedToSaveContent: 'Failed to save content',
  failedToUpdateContent: 'Failed to update content',
  failedToFetchContent: 'Failed to fetch content',
  failedToListContent: 'Failed to list content',
  failedToDeleteContent: 'Failed to delete content',
  failedToGetMenuStructure: 'Failed to get menu structure',
  failedToSearchContent: 'Failed to search content',
  failedToDeleteImage: 'Failed to delete image',

  // Popups and rewards (§8)
  failedToFetchSearchResults: 'Failed to fetch search results.',
  enterSearchTerm: 'Please enter a search term.',
  failedToLoadCodes: 'Failed to load codes',
  noValidId: 'No valid ID found for this selection.',
  noValidInsptId: 'No valid insptId found.',
  noIdProvided: 'No ID provided',
  failedToFetchInsuranceRecords: 'Failed to fetch insurance records.',
  failedToUpdateRating: 'Failed to update rating.',
  missingApiUrl: 'Missing API URL',
  unsupportedSearchType: 'Unsupported Search Type',
} as const;

export const msg = {
  /**
   * A sign-in refused by the throttle (HTTP 429): how long to wait, and the way out that needs no waiting.
   * Not in the spec, whose login screen says only 'Login failed' (issue 14: a locked-out patient was told
   * the password was wrong).
   */
  signInThrottled: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    const wait =
      seconds < 60
        ? `${Math.max(1, Math.ceil(seconds))} seconds`
        : minutes === 1
          ? '1 minute'
          : `${minutes} minutes`;
    return `Too many sign-in attempts. Please wait ${wait} and try again, or reset your password with "Forgot password?".`;
  },
  appointmentAddFailed: (message?: string | null) =>
    `Failed to add appointment: ${message || 'Unknown error.'}`,
  updateFailed: (message: string) => `Update failed: ${message}`,
  statusUpdated: (status: string) => `Status updated to "${status}" successfully!`,
  // Check-in on the visit's own day, and undo (ours, issue 28): `day` as dayLabel gives it, `time` as formatTime12.
  notOnVisitDay: (status: string, day: string) =>
    `A visit can be marked "${status}" only on its own day at the office; this one is on ${day}.`,
  noShowBeforeStart: (time: string) =>
    `A visit can be marked "No Show" only once its time (${time}) has come.`,
  undoNotOnVisitDay: (day: string) =>
    `A status can be undone only on the visit's own day at the office; this one is on ${day}.`,
  undoStale: (status: string, asked: string) =>
    `The visit is now "${status}", not "${asked}"; reload and try again.`,
  statusUndone: (from: string, to: string) => `"${from}" undone: the visit is "${to}" again.`,
  failedToLoadData: (message: string) => `Failed to load data: ${message}`,
  errorSavingDetails: (message: string) => `Error saving details: ${message}`,
  errorUpdatingAccount: (message: string) => `Error updating account: ${message}`,
  failedToUpdatePreferences: (message: string) => `Failed to update preferences: ${message}`,
  deleteFailed: (message: string) => `Delete failed: ${message}`,
  error: (message: string) => `Error: ${message}`,
  doctorNotFound: (id: number | string) => `Doctor with ID ${id} not found`,
  doctorUsernameNotFound: (username: string) => `Doctor with username "${username}" not found`,
  httpStatus: (status: number) => `HTTP ${status}`,
  incrementLabel: (n: number) => `incr: ${n}/30min`,
} as const;

/** The spec's prefixed messages (§8): the UI shows the prefix followed by the server's text. */
export const MESSAGE_PREFIX = {
  fetchOffices: 'Failed to fetch offices:',
  officeNotFound: 'Office not found:',
  addOffice: 'Add office failed:',
  update: 'Update failed:',
  imageUpdate: 'Image update failed:',
  imagesNotFound: 'Images not found:',
  delete: 'Delete failed:',
  officeName: 'Office name fetch failed:',
  request: 'Request failed:',
  registration: 'Registration failed:',
  login: 'Login failed:',
  accountUpdate: 'Account update failed:',
} as const;
