/** GET /api/admin/overview (needs `admin:access`): the staff dashboard's numbers. */
export interface AdminOverview {
  /** Accounts per role. */
  usersByRole: { role: string; users: number }[];
  /** Sessions that have not expired. */
  activeSessions: number;
}
