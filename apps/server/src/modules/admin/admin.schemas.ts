/** The admin routes' shared answers, defined in platform/admin-schemas.ts (see there why). */
export { adminErrors, idParams } from '../../platform/admin-schemas';
