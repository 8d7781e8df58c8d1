import type { Language } from '@hr/contracts/limits';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { isLanguage } from './language';

/**
 * The language documents about an employee are written in (their letters,
 * their review's PDF): the one they chose in the portal, English when they
 * never chose or have no sign-in user. Whoever makes or downloads the
 * document does not change it.
 */
export async function employeeLanguage(db: Db, employeeId: number): Promise<Language> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.employeeId, employeeId))
    .limit(1);
  return isLanguage(row?.language) ? row.language : 'en';
}
