/** The demo accounts listed on the sign-in page in demo mode (password `demo123`). */
export const DEMO_PASSWORD = 'demo123';

export const DEMO_ACCOUNTS = [
  { eid: '1001', name: 'Nadia Rahman', role: 'HR admin', password: DEMO_PASSWORD },
  { eid: '1002', name: 'Karim Hossain', role: 'O&O', password: DEMO_PASSWORD },
  { eid: '1003', name: 'Farhana Akter', role: 'Line manager', password: DEMO_PASSWORD },
  { eid: '1004', name: 'Tanvir Ahmed', role: 'Employee', password: DEMO_PASSWORD },
];
