-- One source of truth for a patient's contact details (issue 14: after a patient changed the phone or e-mail
-- in the profile, the communication preferences still showed the old ones). The preferences' email and phone
-- (spec §7 patient-permissions) are now the patient's own e-mail and phone number, read from and written to
-- the patients row; the copies are dropped. A copy that had been changed apart from the profile is not kept:
-- messages go to the contact the patient keeps up to date (docs/decisions/0015).
alter table patient_permissions drop column email;
alter table patient_permissions drop column phone;
