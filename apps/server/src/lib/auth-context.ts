/** Who is calling, as the bearer token says. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  username: string;
  employeeId: number;
  /**
   * The caller's line manager as the session check read it on this call
   * (null: nobody above them); absent where a context is made otherwise.
   */
  lineManagerId?: number | null;
  isAdmin: boolean;
  /** The language the user chose in the portal; null until they choose one. */
  language?: string | null;
  kind: 'login' | 'impersonation';
  impersonatorUserId: number | null;
  expiresAt: Date;
  /**
   * The people whose decisions the caller holds today by a delegation in
   * force (DESIGN.md §11), each with the modules handed over (null: all);
   * read with the session. Absent or empty: none.
   */
  delegators?: readonly Delegator[] | null;
}

/** A delegation in force to the caller: the delegator and the modules handed over (null: all). */
export interface Delegator {
  id: number;
  modules: readonly string[] | null;
}

/**
 * Whether the caller is an HR administrator signed in as someone else: they
 * see as that person and may act on the person's own records, but decide
 * nothing and write nothing to others in the person's name (docs/decisions.md).
 */
export function asSomeoneElse(auth: AuthContext): boolean {
  return auth.kind === 'impersonation';
}
