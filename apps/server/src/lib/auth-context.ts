/** Who is calling, as the bearer token says. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  username: string;
  employeeId: number;
  isAdmin: boolean;
  /** The language the user chose in the portal; null until they choose one. */
  language?: string | null;
  kind: 'login' | 'impersonation';
  impersonatorUserId: number | null;
  expiresAt: Date;
}
