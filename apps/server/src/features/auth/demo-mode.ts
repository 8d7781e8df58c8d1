import type { Db } from '../../db/client';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts';
import { verifyPassword } from '../../lib/passwords';
import { authRepository as repo } from './auth.repository';

/** The demo accounts that exist here, are enabled and still take the published password. */
export async function openDemoAccounts(db: Db): Promise<{ eid: string; isAdmin: boolean }[]> {
  const open: { eid: string; isAdmin: boolean }[] = [];
  // The demo seed gives every account one hash: each distinct hash is checked once.
  const checked = new Map<string, boolean>();
  for (const account of DEMO_ACCOUNTS) {
    const user = await repo.findUserByUsername(db, account.eid);
    if (!user?.enabled || !user.passwordHash) continue;
    const key = `${user.passwordHash}\n${account.password}`;
    let matches = checked.get(key);
    if (matches === undefined) {
      matches = await verifyPassword(account.password, user.passwordHash);
      checked.set(key, matches);
    }
    if (matches) open.push({ eid: account.eid, isAdmin: user.isAdmin });
  }
  return open;
}

/**
 * What the server warns of at start-up: demo accounts anyone may sign in
 * with, listed on the sign-in page in demo mode, or still open without it.
 */
export async function demoAccountWarnings(db: Db, demo: boolean): Promise<string[]> {
  const open = await openDemoAccounts(db);
  if (open.length === 0) return [];
  const names = open.map((a) => (a.isAdmin ? `${a.eid} (HR admin)` : a.eid)).join(', ');
  if (demo) {
    return [
      `Demo mode is on: the sign-in page lists the demo accounts ${names} and their shared password to anyone who opens it. ` +
        'This is for trying the portal only: set DEMO=false, and change the passwords of these accounts or disable them, before real use.',
    ];
  }
  return [
    `The demo accounts ${names} still take the published demo password. ` +
      'Change their passwords or disable them before real use.',
  ];
}
