import { DIRECTORY_PAGE_SIZE, HOME_SEARCH_MAX } from '@clinic/contract/constants';
import {
  type CareTeamQuery,
  DEFAULT_STAFF_REGISTRATION_ROLE,
  type Doctor,
  type DoctorAccountBody,
  type DoctorDetailsBody,
  type DoctorDetailsQuery,
  isDirectorySpecialty,
  isHomeSearchSpecialty,
  PASSWORD_MIN_LENGTH,
  type PublicDoctor,
  type RegisteredStaff,
  type RegisterStaffBody,
  STAFF_REGISTRATION_ROLES,
  type StaffRegistrationRole,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@clinic/contract/doctors';
import { MSG, msg } from '@clinic/contract/messages';
import { can } from '@clinic/contract/permissions';
import { isStaffRole, normalizeRole } from '@clinic/contract/roles';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/actor';
import { hashPassword } from '../../platform/auth/passwords';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  PG_UNIQUE_VIOLATION,
  pgErrorCode,
} from '../../platform/errors';
import { createImageStore, type ImageStore } from '../../platform/images';
import { attachablePicture } from '../../platform/picture-name';
import { createDoctorsRepository, type DoctorRow } from './doctors.repository';

const USERNAME_RE = new RegExp(USERNAME_PATTERN);

/** Staff see the whole record with the account's username; anyone else only what the directory shows. */
function isStaffView(actor: Actor | null): boolean {
  return isStaffRole(actor?.role);
}

/** A visitor may look at the care team (and the 'Not Sure' placeholder they can book), not staff records. */
function isPublicRecord(row: DoctorRow): boolean {
  return row.is_placeholder || isDirectorySpecialty(row.specialty);
}

export function toPublicDoctor(row: DoctorRow): PublicDoctor {
  return {
    doctorId: row.id,
    officeId: row.office_id,
    officeName: row.office_name ?? null,
    firstName: row.first_name,
    lastName: row.last_name,
    specialty: row.specialty,
    bio: row.bio,
    doctorPicture: row.picture,
    rating: row.rating,
  };
}

function toDoctor(row: DoctorRow, staffView: boolean): Doctor {
  return staffView ? { ...toPublicDoctor(row), username: row.username ?? null } : toPublicDoctor(row);
}

function parseRegistrationRole(input: string | undefined): StaffRegistrationRole {
  if (input === undefined || input.trim() === '') return DEFAULT_STAFF_REGISTRATION_ROLE;
  const role = normalizeRole(input);
  const allowed = STAFF_REGISTRATION_ROLES as readonly string[];
  if (!role || !allowed.includes(role)) throw badRequest('role must be FRONTDESK, DOCTOR or MANAGER');
  return role as StaffRegistrationRole;
}

export function createDoctorsService(ctx: AppContext, images: ImageStore = createImageStore(ctx.config)) {
  const repo = createDoctorsRepository(ctx.db);

  async function assertOfficeExists(officeId: number) {
    if (!(await repo.officeExists(officeId))) throw badRequest(`Office ${officeId} does not exist.`);
  }

  return {
    /** Staff: every record but the placeholder, with usernames. Others: the public care team. */
    async listAll(actor: Actor | null): Promise<Doctor[]> {
      const staffView = isStaffView(actor);
      const rows = await repo.list({ directoryOnly: !staffView });
      return rows.map((row) => toDoctor(row, staffView));
    },

    /** One page of the care team directory (CareTeamQuery) and how many match in all. */
    async careTeamPage(actor: Actor | null, query: CareTeamQuery & { page: number }) {
      const size = query.size ?? DIRECTORY_PAGE_SIZE;
      const words = (query.search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
      const { rows, total } = await repo.directoryPage({
        words,
        offset: (query.page - 1) * size,
        limit: size,
      });
      const staffView = isStaffView(actor);
      return { doctors: rows.map((row) => toDoctor(row, staffView)), total };
    },

    async listByOffice(actor: Actor | null, officeId: number): Promise<Doctor[]> {
      const staffView = isStaffView(actor);
      const rows = await repo.list({ directoryOnly: !staffView, officeId });
      return rows.map((row) => toDoctor(row, staffView));
    },

    async getById(actor: Actor | null, id: number): Promise<Doctor> {
      const row = await repo.findById(id);
      const staffView = isStaffView(actor);
      if (!row || (!staffView && !isPublicRecord(row))) throw notFound(msg.doctorNotFound(id));
      return toDoctor(row, staffView);
    },

    /** Usernames are private: a staff member may look up their own; ADMIN and MANAGER anyone's. */
    async getByUsername(actor: Actor, username: string): Promise<Doctor> {
      const wanted = username.trim();
      const isSelf = actor.username.toLowerCase() === wanted.toLowerCase();
      const row = await repo.findByUsername(wanted);
      if (!row || (!isSelf && !can(actor.role, 'staff:directory:manage'))) {
        throw notFound(msg.doctorUsernameNotFound(wanted));
      }
      return toDoctor(row, true);
    },

    /** The home search (§5): public, doctors of the home-search specialties only, never ADMIN or FRONT_DESK. */
    async homeSearch(query: string | undefined): Promise<PublicDoctor[]> {
      const text = (query ?? '').trim();
      if (text === '') return [];
      const rows = await repo.search(text, HOME_SEARCH_MAX * 3);
      return rows
        .filter((row) => isHomeSearchSpecialty(row.specialty))
        .slice(0, HOME_SEARCH_MAX)
        .map(toPublicDoctor);
    },

    /**
     * Creates the staff account and its doctor record together (one transaction), so that a failed
     * registration leaves neither behind and a retry starts clean.
     */
    async registerStaff(body: RegisterStaffBody): Promise<RegisteredStaff> {
      const role = parseRegistrationRole(body.role);
      await assertOfficeExists(body.officeId);
      const specialty = body.specialty?.trim() || (role === 'FRONTDESK' ? 'FRONT_DESK' : '');
      const profile = {
        username: body.username.trim(),
        officeId: body.officeId,
        firstName: (body.firstName ?? body.firstname ?? '').trim(),
        lastName: (body.lastName ?? body.lastname ?? '').trim(),
        specialty,
      };
      // An account made with Create Account has no staff record: this gives it one (issue 15). It keeps its
      // own password and role; the answer says which role that is.
      const attached = await repo.attachProfile(profile);
      if (attached.outcome === 'taken') throw conflict(MSG.duplicateUsername);
      if (attached.outcome === 'attached') {
        const row = await repo.findById(attached.doctorId);
        if (!row?.username) throw notFound(msg.doctorNotFound(attached.doctorId));
        return { ...toPublicDoctor(row), username: row.username, role: attached.role };
      }
      const passwordHash = await hashPassword(body.password);
      let doctorId: number;
      try {
        doctorId = await repo.createStaff({
          username: body.username.trim(),
          passwordHash,
          role,
          officeId: body.officeId,
          firstName: (body.firstName ?? body.firstname ?? '').trim(),
          lastName: (body.lastName ?? body.lastname ?? '').trim(),
          specialty,
        });
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(MSG.duplicateUsername);
        throw error;
      }
      const row = await repo.findById(doctorId);
      if (!row?.username) throw notFound(msg.doctorNotFound(doctorId));
      return { ...toPublicDoctor(row), username: row.username, role };
    },

    /**
     * A staff member updates their own record (not its specialty, rating or office); an ADMIN any record.
     * Someone else's record answers 404, like one that does not exist.
     */
    async updateDetails(actor: Actor, query: DoctorDetailsQuery, body: DoctorDetailsBody): Promise<Doctor> {
      const byUsername = query.doctorId === undefined ? query.username?.trim() : undefined;
      if (query.doctorId === undefined && !byUsername) throw badRequest('doctorId or username is required');
      const missing = () =>
        notFound(
          query.doctorId !== undefined
            ? msg.doctorNotFound(query.doctorId)
            : msg.doctorUsernameNotFound(byUsername ?? ''),
        );
      const row =
        query.doctorId !== undefined
          ? await repo.findById(query.doctorId)
          : await repo.findByUsername(byUsername ?? '');
      if (!row) throw missing();
      const admin = can(actor.role, 'staff:edit:any');
      if (!admin && actor.doctorId !== row.id) throw missing();

      const firstName = (body.firstName ?? body.firstname ?? '').trim();
      const lastName = (body.lastName ?? body.lastname ?? '').trim();
      if (!firstName || !lastName) throw badRequest(MSG.namesRequired);

      const specialty = body.specialty?.trim();
      if (specialty === '') throw badRequest('specialty must not be blank');
      const specialtyChanged = specialty !== undefined && specialty !== row.specialty.trim();
      const ratingChanged = body.rating !== undefined && body.rating !== row.rating;
      const officeChanged = body.officeId !== undefined && body.officeId !== row.office_id;
      if (!admin && (specialtyChanged || ratingChanged || officeChanged)) {
        throw forbidden('Only an administrator can change the specialty, rating or office.');
      }
      if (officeChanged && body.officeId != null) await assertOfficeExists(body.officeId);

      await repo.updateDetails(row.id, {
        firstName,
        lastName,
        ...(body.bio !== undefined ? { bio: (body.bio ?? '').trim() } : {}),
        ...(body.doctorPicture !== undefined
          ? {
              picture: await attachablePicture(
                images,
                'doctor',
                body.doctorPicture,
                'doctorPicture',
                row.picture,
              ),
            }
          : {}),
        ...(specialtyChanged ? { specialty } : {}),
        ...(ratingChanged ? { rating: body.rating } : {}),
        ...(officeChanged ? { officeId: body.officeId ?? null } : {}),
      });
      const updated = await repo.findById(row.id);
      if (!updated) throw missing();
      return toDoctor(updated, true);
    },

    /** New username and/or password of the account linked to a doctor record: one's own, or any for ADMIN. */
    async updateAccount(actor: Actor, doctorId: number, body: DoctorAccountBody) {
      const row = await repo.findById(doctorId);
      const isSelf = actor.doctorId === doctorId;
      if (!row || (!isSelf && !can(actor.role, 'account:manage')))
        throw notFound(msg.doctorNotFound(doctorId));

      const username = body.username?.trim() || undefined;
      const password = body.password ? body.password : undefined;
      if (!username && !password) throw badRequest(MSG.newUsernameOrPassword);
      if (
        username &&
        (username.length < USERNAME_MIN_LENGTH ||
          username.length > USERNAME_MAX_LENGTH ||
          !USERNAME_RE.test(username))
      ) {
        throw badRequest(
          `username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} letters, digits or . _ @ -`,
        );
      }
      if (password && password.length < PASSWORD_MIN_LENGTH) {
        throw badRequest(`password must be at least ${PASSWORD_MIN_LENGTH} characters`);
      }
      if (row.user_id == null || !row.username) {
        throw notFound(`Doctor with ID ${doctorId} has no sign-in account`);
      }

      const newUsername = username !== undefined && username !== row.username ? username : undefined;
      try {
        await repo.updateAccount(
          row.user_id,
          {
            ...(newUsername ? { username: newUsername } : {}),
            ...(password ? { passwordHash: await hashPassword(password) } : {}),
          },
          actor.userId === row.user_id ? actor.sessionId : null,
        );
        await ctx.sessions.sync(); // the revoked sessions are refused here from the answer on
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(MSG.duplicateUsername);
        throw error;
      }
      return { doctorId, username: newUsername ?? row.username };
    },
  };
}
