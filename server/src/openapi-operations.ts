/**
 * Each API operation's name and summary in the OpenAPI document (platform/openapi.ts), keyed by method and
 * path as the document writes them. The operationId is what a generated client calls the method, so it stays
 * as it is once published: rename only with a new major version of the API. `errors` adds the 4xx answers a
 * route gives beyond those derived from what it declares (400 always, 401 unless public, 403 with a
 * permission, 404 with path parameters, 429 with a rate limit): 409 where its service refuses a conflict,
 * 404 where a record named in the body may be missing, 401 and 429 of the sign-in doors.
 * server/test/openapi.test.ts checks that every route has its entry and no entry is left without a route.
 */

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429;

export interface OperationName {
  /** camelCase, named for what the call does; unique in the document. */
  id: string;
  summary: string;
  errors?: readonly ErrorStatus[];
}

/** A sign-in door: a wrong name or password is 401, a throttled account or address 429. */
const SIGN_IN: readonly ErrorStatus[] = [401, 429];

export const OPERATIONS: Record<string, OperationName> = {
  // system
  'GET /api/health': { id: 'getHealth', summary: 'Check that the server answers (liveness)' },
  'GET /api/ready': {
    id: 'getReadiness',
    summary: 'Check that the server and its database answer (readiness)',
  },

  // auth
  'POST /api/auth/login': {
    id: 'loginAny',
    summary: 'Sign in with a username and password',
    errors: SIGN_IN,
  },
  'POST /api/patientinfo/login': { id: 'loginPatient', summary: 'Sign in as a patient', errors: SIGN_IN },
  'POST /api/doctorinfo/doctor/login': {
    id: 'loginStaff',
    summary: 'Sign in as staff (doctor, front desk, manager, admin)',
    errors: SIGN_IN,
  },
  'POST /api/auth/logout': { id: 'logout', summary: 'Sign out: end the session of the token' },
  'GET /api/auth/check-auth': {
    id: 'checkAuth',
    summary: 'Tell whether the token is signed in, and as whom',
  },
  'GET /api/auth/get-role/{user}': { id: 'getAccountRole', summary: "Read an account's role" },
  'GET /api/auth/accounts': { id: 'listAccounts', summary: 'List accounts, a page at a time' },
  'POST /api/auth/register': { id: 'createAccount', summary: 'Create an account with a role', errors: [409] },
  'PUT /api/auth/edit': {
    id: 'editAccount',
    summary: "Change an account's password or role",
    errors: [404, 409],
  },
  'DELETE /api/auth/delete/{user}': { id: 'deleteAccount', summary: 'Delete an account', errors: [409] },

  // patients
  'PUT /api/patientinfo/update-details': {
    id: 'updatePatientDetails',
    summary: "Update a patient's profile",
    errors: [404, 409],
  },
  'PUT /api/patientinfo/update-account': {
    id: 'updatePatientAccount',
    summary: "Update a patient's account (username, e-mail, password)",
    errors: [404, 409],
  },
  'GET /api/patientinfo/all': {
    id: 'listPatients',
    summary: 'List patients by last name, whole or a page at a time',
  },
  'GET /api/patientinfo/search': { id: 'searchPatients', summary: 'Search patients by name' },
  'GET /api/patientinfo/search/all': {
    id: 'searchPatientsForPopup',
    summary: 'Search patients by name start, id or username (search popup)',
  },
  'GET /api/patient/search/all': {
    id: 'searchPatientsFromHome',
    summary: "Search patients from the home page's search box (staff only)",
  },
  'GET /api/patientinfo/by-username/{u}': {
    id: 'getPatientByUsername',
    summary: "Read a patient's record by their username",
  },
  'GET /api/patientinfo/{id}': { id: 'getPatient', summary: "Read a patient's record" },
  'POST /api/patientinfo/register/credentials': {
    id: 'registerPatient',
    summary: 'Register as a new patient (may ask for a captcha)',
    errors: [403, 409],
  },
  'POST /api/patientinfo/request-reset': {
    id: 'requestPasswordReset',
    summary: 'Send a password-reset code by e-mail',
  },
  'POST /api/patientinfo/verify-code': {
    id: 'resetPasswordWithCode',
    summary: 'Set a new password with a reset code',
  },

  // captcha
  'POST /api/patientinfo/captcha/new': { id: 'createCaptcha', summary: 'Start a captcha challenge' },
  'POST /api/patientinfo/captcha/verify': {
    id: 'verifyCaptcha',
    summary: 'Check a captcha answer; a pass sets the HPASS cookie',
    errors: [404],
  },
  'GET /api/patientinfo/captcha/render/{file}': {
    id: 'renderCaptchaImage',
    summary: "Read a captcha challenge's picture",
  },
  'GET /api/patientinfo/captcha/images/{file}': {
    id: 'getCaptchaImage',
    summary: "Read a captcha challenge's picture (fallback path)",
  },

  // mail and messages
  'GET /api/mail/outbox': { id: 'listOutbox', summary: 'List e-mails and texts kept in the outbox' },
  'GET /api/messages': {
    id: 'listMessages',
    summary: 'List the messages sent to patients and what became of them',
  },
  'POST /api/sms/inbound': {
    id: 'receiveInboundSms',
    summary: "Receive a patient's text (Twilio webhook, signed)",
    errors: [403, 404],
  },

  // patient permissions (communication preferences)
  'POST /api/patient-permissions/add': {
    id: 'createPatientPermissions',
    summary: "Create a patient's communication preferences",
    errors: [404, 409],
  },
  'GET /api/patient-permissions/getall': {
    id: 'listPatientPermissions',
    summary: "List patients' communication preferences",
  },
  'GET /api/patient-permissions/id/{id}': {
    id: 'getPatientPermissions',
    summary: 'Read communication preferences by their id',
  },
  'GET /api/patient-permissions/patient/{id}': {
    id: 'getPatientPermissionsOfPatient',
    summary: "Read a patient's communication preferences",
  },
  'PUT /api/patient-permissions/{id}': {
    id: 'updatePatientPermissions',
    summary: 'Replace communication preferences',
    errors: [409],
  },
  'PUT /api/patient-permissions/{id}/update-column': {
    id: 'updatePatientPermission',
    summary: 'Change one communication preference',
  },
  'DELETE /api/patient-permissions/delete/{id}': {
    id: 'deletePatientPermissions',
    summary: 'Delete communication preferences',
  },

  // points bank and receipts
  'GET /api/points-bank/all': { id: 'listPointsBanks', summary: "List patients' points banks" },
  'GET /api/points-bank/{patientId}': {
    id: 'getPointsBankOfPatient',
    summary: "Read a patient's points bank",
  },
  'PUT /api/points-bank/update/{id}': {
    id: 'adjustPointsBank',
    summary: "Set a points bank's total, recorded as an adjustment",
  },
  'POST /api/points-bank/add': {
    id: 'createPointsBank',
    summary: 'Open a points bank for a patient',
    errors: [404, 409],
  },
  'POST /api/points-bank/addFromAppointment': {
    id: 'awardAppointmentPoint',
    summary: "Award a completed visit's point",
    errors: [404, 409],
  },
  'GET /api/receipts': { id: 'listReceipts', summary: 'List reward receipts' },
  'POST /api/receipts': {
    id: 'buyReward',
    summary: 'Spend points on a reward (creates its receipt)',
    errors: [404, 409],
  },
  'GET /api/receipts/{id}': { id: 'getReceipt', summary: 'Read a receipt' },
  'PUT /api/receipts/{id}': {
    id: 'updateReceipt',
    summary: 'Mark a receipt received (vouched) or rename it',
  },
  'DELETE /api/receipts/{id}': {
    id: 'deleteReceipt',
    summary: 'Delete a receipt, refunding its points',
    errors: [409],
  },
  'GET /api/receipts/pointsBank/{id}': {
    id: 'listReceiptsOfPointsBank',
    summary: "List a points bank's receipts",
  },
  'GET /api/receipts/inventory/{id}': { id: 'listReceiptsOfReward', summary: "List a reward's receipts" },
  'GET /api/receipts/date/{d}': { id: 'listReceiptsOfDate', summary: 'List the receipts of a date' },

  // doctors and staff
  'POST /api/doctorinfo/doctor/register/credentials': {
    id: 'registerStaff',
    summary: 'Register a doctor or staff member with an account',
    errors: [404, 409],
  },
  'PUT /api/doctorinfo/update/details': {
    id: 'updateDoctorDetails',
    summary: "Update a doctor's profile",
    errors: [404],
  },
  'PUT /api/doctorinfo/update-account': {
    id: 'updateDoctorAccount',
    summary: "Update a doctor's account (username, password)",
    errors: [404, 409],
  },
  'GET /api/doctorinfo/doctor/all/details': {
    id: 'listDoctors',
    summary: 'List the care team with their profiles',
  },
  'GET /api/doctorinfo/doctor/by-username/{u}': {
    id: 'getDoctorByUsername',
    summary: "Read a doctor's profile by their username",
  },
  'GET /api/doctorinfo/search': {
    id: 'searchDoctors',
    summary: 'Search the care team by name, office or specialty',
  },
  'GET /api/doctorinfo/{id}': { id: 'getDoctor', summary: "Read a doctor's profile" },
  'GET /api/doctor/search/all': {
    id: 'searchDoctorsFromHome',
    summary: "Search doctors from the home page's search box",
  },

  // doctor clock and timesheets
  'GET /api/doctor-clock/status/{doctorId}': {
    id: 'getClockStatus',
    summary: "Read a doctor's clock status",
  },
  'GET /api/doctor-clock/logs/today/{id}': {
    id: 'listTodayClockLogs',
    summary: "List a doctor's clock entries of today",
  },
  'POST /api/doctor-clock/clock-in/{id}': { id: 'clockIn', summary: 'Clock a doctor in', errors: [409] },
  'POST /api/doctor-clock/clock-out/{id}': { id: 'clockOut', summary: 'Clock a doctor out', errors: [409] },
  'POST /api/doctor-clock/start-break/{id}': {
    id: 'startBreak',
    summary: "Start a doctor's break",
    errors: [409],
  },
  'POST /api/doctor-clock/end-break/{id}': { id: 'endBreak', summary: "End a doctor's break", errors: [409] },
  'GET /api/timesheets': { id: 'listTimesheets', summary: 'List worked shifts for timesheets' },
  'PUT /api/timesheets/shifts/{id}': {
    id: 'correctShift',
    summary: "Correct a shift's times",
    errors: [409],
  },

  // insurance
  'GET /api/insurance/all': { id: 'listInsurances', summary: 'List insurances' },
  'GET /api/insurance/search': { id: 'searchInsurances', summary: 'Search insurances by name' },
  'GET /api/insurance/search/all': {
    id: 'searchInsurancesFromHome',
    summary: "Search insurances from the home page's search box",
  },
  'GET /api/insurance/name/{id}': { id: 'getInsuranceName', summary: "Read an insurance's name as text" },
  'GET /api/insurance/{id}': { id: 'getInsurance', summary: 'Read an insurance' },
  'POST /api/insurance/add': { id: 'createInsurance', summary: 'Create an insurance' },
  'PUT /api/insurance/update/{id}': { id: 'updateInsurance', summary: 'Update an insurance' },
  'DELETE /api/insurance/delete/{id}': {
    id: 'deleteInsurance',
    summary: 'Delete an insurance no record uses',
    errors: [409],
  },

  // procedures and diagnoses
  'GET /api/procedures/getAll': { id: 'listProcedures', summary: 'List procedure and diagnosis codes' },
  'GET /api/procedures/search': {
    id: 'searchProcedures',
    summary: 'Search procedure or diagnosis codes by code or description',
  },
  'GET /api/procedures/{id}': { id: 'getProcedure', summary: 'Read a procedure or diagnosis code' },
  'POST /api/procedures/add': {
    id: 'createProcedure',
    summary: 'Create a procedure or diagnosis code',
    errors: [409],
  },
  'PUT /api/procedures/update/{id}': {
    id: 'updateProcedure',
    summary: 'Update a procedure or diagnosis code',
    errors: [409],
  },
  'DELETE /api/procedures/delete/{id}': {
    id: 'deleteProcedure',
    summary: 'Delete a procedure or diagnosis code no record uses',
    errors: [409],
  },

  // appointments
  'GET /api/appointments/available-times': {
    id: 'listAvailableTimes',
    summary: "List an office day's slots and the booked ones",
  },
  'GET /api/appointments/next-available': {
    id: 'findNextAvailableTimes',
    summary: 'Find the next days with free slots',
  },
  'GET /api/appointments/change-policy': {
    id: 'getChangePolicy',
    summary: 'Read how long before a visit patients may still change it',
  },
  'POST /api/appointments/{id}/cancel': {
    id: 'cancelAppointment',
    summary: 'Cancel an appointment (patients: before the cut-off)',
    errors: [409],
  },
  'POST /api/appointments/{id}/reschedule': {
    id: 'rescheduleAppointment',
    summary: 'Move an appointment to another time (patients: before the cut-off)',
    errors: [409],
  },
  'GET /api/appointments/{id}/status-history': {
    id: 'listAppointmentStatusHistory',
    summary: "List an appointment's status changes",
  },
  'POST /api/appointments/add': { id: 'bookAppointment', summary: 'Book an appointment', errors: [404, 409] },
  'GET /api/appointments/all': {
    id: 'listAppointments',
    summary: 'List appointments in start order, a page at a time',
  },
  'GET /api/appointments/office/{id}': {
    id: 'listOfficeAppointments',
    summary: "List an office's appointments",
  },
  'GET /api/appointments/doctor/{id}': {
    id: 'listDoctorAppointments',
    summary: "List a doctor's appointments",
  },
  'GET /api/appointments/diag/{id}': {
    id: 'listAuthorizationSetAppointments',
    summary: "List a diagnosis set's appointments",
  },
  'GET /api/appointments/date/{date}': {
    id: 'listDateAppointments',
    summary: 'List the appointments of a date',
  },
  'GET /api/appointments/by-office-and-date': {
    id: 'listOfficeDayAppointments',
    summary: "List an office day's appointments (check-in)",
  },
  'GET /api/appointments/live': {
    id: 'streamOfficeDayChanges',
    summary: "Follow an office day's appointment changes (server-sent events)",
  },
  'GET /api/appointments/latest-status-changes': {
    id: 'listLatestStatusChanges',
    summary: "List an office day's latest status changes (polling fallback)",
  },
  'GET /api/appointments/calendar': {
    id: 'getProviderCalendar',
    summary: "Read the providers' calendar of a range of days",
  },
  'POST /api/appointments/{id}/move': {
    id: 'moveAppointment',
    summary: 'Move an appointment on the calendar',
    errors: [409],
  },
  'POST /api/appointments/{id}/undo-status': {
    id: 'undoAppointmentStatus',
    summary: "Undo a check-in status set by mistake, on the visit's own day",
    errors: [409],
  },
  'POST /api/appointments/{id}/assign': {
    id: 'assignAppointmentProvider',
    summary: 'Give an unassigned appointment its provider',
    errors: [409],
  },
  'GET /api/appointments/{id}': { id: 'getAppointment', summary: 'Read an appointment' },
  'GET /api/appointments/{id}/calendar.ics': {
    id: 'getAppointmentCalendarFile',
    summary: 'Download an appointment as a calendar file',
  },
  'PUT /api/appointments/update/{id}': {
    id: 'updateAppointment',
    summary: 'Update an appointment (status, place, time, visit)',
    errors: [409],
  },
  'PUT /api/appointments/update-typevisit/{id}': {
    id: 'changeAppointmentVisitType',
    summary: "Change an appointment's type of visit",
    errors: [409],
  },
  'PATCH /api/appointments/update-conformation/{id}': {
    id: 'confirmAppointment',
    summary: "Set an appointment's confirmation",
    errors: [409],
  },
  'DELETE /api/appointments/delete/{id}': {
    id: 'deleteAppointment',
    summary: 'Delete an appointment',
    errors: [409],
  },

  // waitlist
  'POST /api/waitlist': { id: 'joinWaitlist', summary: 'Wait for a place on a full day', errors: [404, 409] },
  'GET /api/waitlist/mine': { id: 'listMyWaitlistEntries', summary: "List the patient's waitlist entries" },
  'DELETE /api/waitlist/{id}': { id: 'leaveWaitlist', summary: 'Leave the waitlist', errors: [409] },
  'POST /api/waitlist/{id}/accept': {
    id: 'acceptWaitlistOffer',
    summary: 'Book the place a waitlist offer holds',
    errors: [409],
  },

  // insurance records of patients
  'POST /api/insurancePatientInfo/save': {
    id: 'createPatientInsurance',
    summary: 'Link a patient to an insurance (insurance record)',
    errors: [404, 409],
  },
  'GET /api/insurancePatientInfo/all': { id: 'listPatientInsurances', summary: 'List insurance records' },
  'GET /api/insurancePatientInfo/patient/{id}': {
    id: 'listInsurancesOfPatient',
    summary: "List a patient's insurance records",
  },
  'GET /api/insurancePatientInfo/{id}': { id: 'getPatientInsurance', summary: 'Read an insurance record' },
  'PATCH /api/insurancePatientInfo/update/{id}': {
    id: 'updatePatientInsurance',
    summary: 'Update an insurance record',
    errors: [409],
  },
  'DELETE /api/insurancePatientInfo/delete/{id}': {
    id: 'deletePatientInsurance',
    summary: 'Delete an insurance record',
    errors: [409],
  },
  'GET /api/insurancePatientInfo/{id}/active': {
    id: 'listActiveValues',
    summary: "List an insurance record's active values",
  },
  'POST /api/insurancePatientInfo/{id}/active/add': {
    id: 'addActiveValue',
    summary: 'Add an active value to an insurance record',
    errors: [409],
  },
  'PUT /api/insurancePatientInfo/{id}/active/edit': {
    id: 'editActiveValue',
    summary: 'Change an active value of an insurance record',
    errors: [409],
  },

  // authorizations and diagnosis sets
  'POST /api/patientauthorization/add': {
    id: 'createAuthorization',
    summary: 'Create an authorization',
    errors: [404, 409],
  },
  'PUT /api/patientauthorization/edit/{id}': {
    id: 'updateAuthorization',
    summary: 'Update an authorization',
    errors: [409],
  },
  'PATCH /api/patientauthorization/edit-column/{id}': {
    id: 'updateAuthorizationField',
    summary: 'Change one field of an authorization',
    errors: [409],
  },
  'DELETE /api/patientauthorization/remove/{id}': {
    id: 'deleteAuthorization',
    summary: 'Delete an authorization',
    errors: [409],
  },
  'GET /api/patientauthorization/find-by-patient/{id}': {
    id: 'listAuthorizationsOfPatient',
    summary: "List a patient's authorizations",
  },
  'GET /api/patientauthorization/find-by-auth/{id}': {
    id: 'getAuthorization',
    summary: 'Read an authorization',
  },
  'GET /api/patientauthorization/latest-auth/{patientId}': {
    id: 'getLatestAuthorization',
    summary: "Read a patient's latest authorization",
  },
  'GET /api/patientauthorization/insptId/{authId}': {
    id: 'getAuthorizationInsuranceRecord',
    summary: 'Read the insurance record id of an authorization',
  },
  'GET /api/patientauthorization/worklist': {
    id: 'listAuthorizationWorklist',
    summary: 'List authorizations running low or ending soon',
  },
  'POST /api/diagnosisCombiner/save': {
    id: 'createDiagnosisSet',
    summary: 'Create the diagnosis and procedure set of an authorization',
    errors: [404, 409],
  },
  'GET /api/diagnosisCombiner/all': { id: 'listDiagnosisSets', summary: 'List diagnosis and procedure sets' },
  'GET /api/diagnosisCombiner/auth/{authId}': {
    id: 'listDiagnosisSetsOfAuthorization',
    summary: "List an authorization's diagnosis sets",
  },
  'GET /api/diagnosisCombiner/diagnosis-id/{authId}': {
    id: 'getDiagnosisSetIdOfAuthorization',
    summary: 'Read the diagnosis set id of an authorization',
  },
  'GET /api/diagnosisCombiner/{id}': { id: 'getDiagnosisSet', summary: 'Read a diagnosis and procedure set' },
  'DELETE /api/diagnosisCombiner/delete/{id}': {
    id: 'deleteDiagnosisSet',
    summary: 'Delete a diagnosis and procedure set',
    errors: [409],
  },
  'PUT /api/diagnosisCombiner/{id}/updateDiagnosis/{code}': {
    id: 'addDiagnosisToSet',
    summary: 'Add a diagnosis code to a set',
    errors: [409],
  },
  'PUT /api/diagnosisCombiner/{id}/updateProcedure/{code}': {
    id: 'addProcedureToSet',
    summary: 'Add a procedure code to a set',
    errors: [409],
  },
  'DELETE /api/diagnosisCombiner/{id}/deleteDiagnosis/{code}': {
    id: 'removeDiagnosisFromSet',
    summary: 'Remove a diagnosis code from a set',
  },
  'DELETE /api/diagnosisCombiner/{id}/deleteProcedure/{code}': {
    id: 'removeProcedureFromSet',
    summary: 'Remove a procedure code from a set',
  },

  // ratings
  'POST /api/ratings/add': { id: 'rateAppointment', summary: 'Rate a completed visit', errors: [404, 409] },
  'PUT /api/ratings/update/{id}': { id: 'updateRating', summary: 'Update a rating', errors: [409] },
  'PUT /api/ratings/update/appointment/{id}': {
    id: 'updateRatingOfAppointment',
    summary: 'Update the rating of an appointment',
    errors: [409],
  },
  'GET /api/ratings/all': { id: 'listRatings', summary: 'List ratings, filtered by doctor, office and date' },
  'GET /api/ratings/summary': { id: 'summarizeRatings', summary: 'Average ratings per doctor and office' },
  'GET /api/ratings/export': { id: 'exportRatings', summary: 'Download ratings as CSV' },
  'GET /api/ratings/appointment/all/{id}': {
    id: 'listRatingsOfAppointment',
    summary: "List an appointment's ratings",
  },
  'GET /api/ratings/appointment/{id}': {
    id: 'getRatingOfAppointment',
    summary: "Read an appointment's rating",
  },
  'GET /api/ratings/{id}': { id: 'getRating', summary: 'Read a rating' },

  // rewards (inventory)
  'GET /api/inventory/all': { id: 'listRewards', summary: 'List the rewards of the points shop' },
  'GET /api/inventory/{id}': { id: 'getReward', summary: 'Read a reward' },
  'POST /api/inventory/add': { id: 'createReward', summary: 'Create a reward' },
  'PUT /api/inventory/update/{id}': { id: 'updateReward', summary: 'Update a reward' },
  'DELETE /api/inventory/delete/{id}': {
    id: 'deleteReward',
    summary: 'Delete a reward no receipt uses',
    errors: [409],
  },
  'GET /api/inventory/{id}/pictures': { id: 'listRewardPictures', summary: "List a reward's pictures" },
  'POST /api/inventory/{id}/pictures': {
    id: 'uploadRewardPicture',
    summary: 'Upload a picture of a reward (multipart)',
  },

  // audit
  'GET /api/audit': { id: 'listAuditEvents', summary: 'List audit log rows, a page at a time' },
  'GET /api/audit/export': { id: 'exportAuditEvents', summary: 'Download audit log rows as CSV' },

  // images
  'POST /api/images/upload': { id: 'uploadImage', summary: 'Upload an image into a folder (multipart)' },
  'POST /api/images/{category}/upload': {
    id: 'uploadCategoryImage',
    summary: 'Upload an image into a category folder (multipart)',
  },
  'GET /api/images/{directory}': { id: 'getDefaultImage', summary: "Read a folder's default image" },
  'GET /api/images/{directory}/{file}': { id: 'getImage', summary: 'Read a stored image' },
  'DELETE /api/images/newdir/{directory}/{file}': { id: 'deleteImage', summary: 'Delete a stored image' },
  'DELETE /api/images/{directory}/{file}': {
    id: 'deleteCategoryImage',
    summary: 'Delete a stored image of a category folder',
  },

  // offices and office hours
  'GET /api/office/all': { id: 'listOffices', summary: 'List the offices' },
  'GET /api/office/search': { id: 'searchOffices', summary: 'Search offices by name, address or key' },
  'GET /api/office/{id}': { id: 'getOffice', summary: 'Read an office' },
  'GET /api/office/{id}/name': { id: 'getOfficeName', summary: "Read an office's name as text" },
  'GET /api/office/{id}/images': { id: 'listOfficeImages', summary: "List an office's pictures" },
  'POST /api/office/add': { id: 'createOffice', summary: 'Create an office' },
  'PUT /api/office/update/{id}': { id: 'updateOffice', summary: 'Update an office' },
  'PUT /api/office/{id}/update/images': {
    id: 'updateOfficeImages',
    summary: "Replace an office's list of pictures",
  },
  'DELETE /api/office/delete/{id}': {
    id: 'deleteOffice',
    summary: 'Delete an office without appointments',
    errors: [409],
  },
  'POST /api/office-hours/save': {
    id: 'saveOfficeHours',
    summary: "Save an office's hours of one day",
    errors: [404],
  },
  'POST /api/office-hours/save-range': {
    id: 'saveOfficeHoursRange',
    summary: "Save an office's hours for a range of days",
    errors: [404],
  },
  'GET /api/office-hours/all': { id: 'listOfficeHours', summary: 'List office hours, a page at a time' },
  'GET /api/office-hours/validate': {
    id: 'validateOfficeTime',
    summary: 'Tell whether an office is open at a date and time',
  },
  'GET /api/office-hours/{id}': {
    id: 'getOfficeHours',
    summary: 'Read the office hours of one day by their id',
  },
  'GET /api/office-hours/office/{officeId}': {
    id: 'listHoursOfOffice',
    summary: "List an office's hours over a range of days",
  },
  'GET /api/office-hours/office/{officeId}/date/{date}': {
    id: 'getOfficeHoursOfDate',
    summary: "Read an office's hours of a date",
  },
  'DELETE /api/office-hours/delete/{id}': {
    id: 'deleteOfficeHours',
    summary: 'Delete the office hours of one day',
  },

  // promotions
  'GET /api/promotions/all': {
    id: 'listPromotions',
    summary: 'List promotions (every one with promotion:manage)',
  },
  'GET /api/promotions/sorted': {
    id: 'listCarouselPromotions',
    summary: 'List the home carousel promotions by status',
  },
  'GET /api/promotions/{id}': { id: 'getPromotion', summary: 'Read a promotion' },
  'PUT /api/promotions/{id}': { id: 'updatePromotion', summary: 'Update a promotion' },
  'DELETE /api/promotions/{id}': { id: 'deletePromotion', summary: 'Delete a promotion' },
  'POST /api/promotions/add': { id: 'createPromotion', summary: 'Create a promotion' },
  'PUT /api/promotions/{id}/status': { id: 'setPromotionStatus', summary: "Set a promotion's status" },

  // content pages
  'POST /api/content/saveContent': { id: 'createContent', summary: 'Create a content page' },
  'PUT /api/content/updateContent/{id}': { id: 'updateContent', summary: 'Update a content page' },
  'GET /api/content/getContent/{id}': { id: 'getContent', summary: 'Read a content page' },
  'GET /api/content/listContent': { id: 'listContent', summary: 'List content pages' },
  'DELETE /api/content/deleteContent/{id}': { id: 'deleteContent', summary: 'Delete a content page' },
  'GET /api/content/menuStructure': {
    id: 'getContentMenu',
    summary: 'Read the content menus: name, category, titles',
  },
  'GET /api/content/search': {
    id: 'searchContent',
    summary: 'Search content pages by title, category or extra data',
  },
  'POST /api/content/preview': {
    id: 'previewContent',
    summary: 'Render a content body as the page would show it',
  },

  // reports
  'GET /api/reports/daily': { id: 'getDailyReport', summary: "Read a day's figures per office" },
};
