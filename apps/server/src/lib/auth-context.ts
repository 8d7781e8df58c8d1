/** Who is calling, as the bearer token says. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  username: string;
  employeeId: number;
  isAdmin: boolean;
  kind: 'login' | 'impersonation';
  impersonatorUserId: number | null;
  expiresAt: Date;
}
