import { z } from 'zod';
import { isRole, type Role } from '../roles';

// Apart from src/shared/roles.ts, which the web app's first script reads and which therefore carries no zod.
/** A role name in a request: a built-in role or a well-formed custom role id (whether that custom role exists is the server's question). */
export const RoleName = z.custom<Role>((v) => typeof v === 'string' && isRole(v), { message: 'Unknown role.' });
